import { definePlugin, type ChatbotPlugin, type PluginApi, type Turn } from '@chatbot-kit/kernel'
import { createTagSanitizer } from './create-tag-sanitizer.js'
import { ChatbotSuspiciousContextDetected } from './events.js'
import { sanitizerOptions } from './options.js'

export interface SanitizerPluginOptions {
  /** Tag names to escape, without brackets; default `sanitizerTags` from the config. */
  tags?: string[]
}

/**
 * Escapes the configured tags in every context section after all other plugins added theirs
 * (`enforce: 'post'`), before the kernel wraps each section in its own `<context>` block, and
 * reports each section that held any. See docs/security.md.
 */
export function sanitizerPlugin(options: SanitizerPluginOptions = {}): ChatbotPlugin {
  return definePlugin({
    name: 'sanitizer',
    enforce: 'post',
    options: sanitizerOptions,
    setup(api: PluginApi) {
      const tags = options.tags ?? api.config.sanitizerTags
      if (!tags.some((tag) => tag.trim().toLowerCase() === 'context')) {
        api.logger.warn('sanitizerTags does not list "context": a context section can then close its own <context> block.')
      }
      const sanitize = createTagSanitizer(tags)
      api.hooks.hook('turn:context', (turn: Turn) => {
        // One event per section name and turn, listing each distinct tag found.
        const found = new Map<string, Set<string>>()
        for (const section of turn.sections) {
          const { text, matches } = sanitize(section.content)
          if (matches.length === 0) continue
          section.content = text
          const seen = found.get(section.name) ?? new Set()
          for (const match of matches) seen.add(match)
          found.set(section.name, seen)
        }
        for (const [section, matches] of found) {
          api.emit(new ChatbotSuspiciousContextDetected({ channel: turn.channel, section, identity: turn.identity, matches: [...matches] }))
        }
      })
    },
  })
}
