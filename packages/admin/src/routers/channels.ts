import type { ChannelSettings } from '@chatbot-kit/kernel'
import { adminProcedure, router } from '../trpc.js'

/**
 * A channel's effective settings (runtime scope > channel block > env > top level > defaults), as
 * JSON: the kernel's keys and every plugin's per-channel keys.
 */
export interface AdminChannel extends Omit<ChannelSettings, 'prompt' | 'greeting' | 'summary'> {
  prompt: string | null
  greeting: string | null
  /** A summary function is shown as what it returns now. */
  summary: string | null
}

export const channelsRouter = router({
  /** `default` and every channel under `channels` in the config. */
  list: adminProcedure.query(({ ctx }): AdminChannel[] => {
    const names = [...new Set(['default', ...Object.keys(ctx.chatbot.config.channels)])]
    return names.map((name) => {
      const settings = ctx.chatbot.settings(name)
      const summary = typeof settings.summary === 'function' ? settings.summary() : settings.summary
      // Every key the kernel and the plugins declare per channel, whatever plugins are installed.
      return { ...settings, name, prompt: settings.prompt ?? null, greeting: settings.greeting ?? null, summary: summary ?? null }
    })
  }),
})
