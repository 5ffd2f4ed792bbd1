import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { extractorAllowlist } from './envelope-allowlist.js'
import { extractorsOptions } from './options.js'
import { clientSections } from './sections.js'
import { allowsSnapshot, markSnapshot } from './snapshot.js'

/**
 * Puts each channel's extractor allowlist in its envelopes, turns the request's
 * `client_extractors` blocks into `client` context sections (`turn:context`, before the
 * sanitizer, which runs last and escapes them like any section) and provides
 * `chatbot.renderSnapshot`. See docs/extractors.md.
 */
export function extractorsPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'extractors',
    options: extractorsOptions,
    setup(api: PluginApi) {
      // A host's explicit `extractors` claim wins over the channel's allowlist.
      api.hooks.hook('envelope:mint', (claims) => {
        if (!Object.hasOwn(claims, 'extractors')) claims.extractors = extractorAllowlist(api.settings(claims.channel))
      })
      api.hooks.hook('turn:context', (turn) => void turn.sections.push(...clientSections(turn)))
      api.provide('renderSnapshot', (html, { channel }) => (allowsSnapshot(api.settings(channel).allowedExtractors) ? markSnapshot(html, channel) : html))
    },
  })
}
