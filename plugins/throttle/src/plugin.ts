import { definePlugin, type ChatbotPlugin } from '@chatbot-kit/kernel'
import { clientAddress } from './client-address.js'
import { createThrottle } from './throttle.js'

export interface ThrottlePluginOptions {
  /** Namespace of the counter keys (default `throttle`); apps sharing one Redis each set their own. */
  prefix?: string
  /** The clock in epoch ms (default `Date.now`); tests move it across window boundaries. */
  now?: () => number
}

// Channel names start with a letter or digit (config validation), so this bucket never clashes with one.
const NO_CHANNEL = '_none'

/**
 * Per client address and channel: `throttle.perMinute` and `throttle.perDay` (per-channel
 * overrides apply), 429 with `Retry-After` once a fixed window is full. Routes named in
 * `throttle.exempt` are neither refused nor counted. See docs/limits.md.
 */
export function throttlePlugin(options: ThrottlePluginOptions = {}): ChatbotPlugin {
  return definePlugin({
    name: 'throttle',
    // Refuse before other plugins spend work on the request.
    enforce: 'pre',
    setup(chatbot) {
      const { exempt, trustProxy } = chatbot.config.throttle
      const exemptRoutes = new Set(exempt)
      const hit = createThrottle(chatbot.counters, { prefix: options.prefix ?? 'throttle', now: options.now ?? Date.now })
      chatbot.hooks.hook('request', async ({ event, route, channel }) => {
        if (exemptRoutes.has(route)) return
        const limits = channel === undefined ? chatbot.config.throttle : chatbot.settings(channel).throttle
        // encodeURIComponent leaves no `:`, `/` or `?` (the counter store reads those as separators): IPv6 stays one segment.
        const bucket = `${encodeURIComponent(channel ?? NO_CHANNEL)}:${encodeURIComponent(clientAddress(event, trustProxy))}`
        await hit(bucket, limits)
      })
    },
  })
}
