import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { clientAddress } from './client-address.js'
import { createForwardedCheck } from './forwarded-check.js'
import { throttleOptions } from './options.js'
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
    options: throttleOptions,
    setup(api: PluginApi) {
      const { exempt, trustProxy } = api.config.throttle
      const exemptRoutes = new Set(exempt)
      const hit = createThrottle(api.counters, { prefix: options.prefix ?? 'throttle', now: options.now ?? Date.now })
      const checkForwarded = trustProxy === false || trustProxy === 0 ? undefined : createForwardedCheck(api.logger)
      api.hooks.hook('request', async ({ event, route, channel }) => {
        // Exempt routes (health) are a load balancer's checks, which come without the header.
        if (exemptRoutes.has(route)) return
        checkForwarded?.(event, route)
        const limits = channel === undefined ? api.config.throttle : api.settings(channel).throttle
        // encodeURIComponent leaves no `:`, `/` or `?` (the counter store reads those as separators): IPv6 stays one segment.
        const bucket = `${encodeURIComponent(channel ?? NO_CHANNEL)}:${encodeURIComponent(clientAddress(event, trustProxy))}`
        await hit(bucket, limits)
      })
    },
  })
}
