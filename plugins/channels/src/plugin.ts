import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { ChatbotUnknownChannelException } from './unknown-channel.js'

/**
 * Channels are declared under `channels` in the config (`default` always exists); the kernel
 * resolves each one's settings. This plugin refuses an envelope for any other name when it is
 * minted, so a typo fails at page render rather than at the visitor's first message.
 * See docs/channels.md.
 */
export function channelsPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'channels',
    setup(api: PluginApi) {
      // In `setup`, not `hooks`: the check needs this chatbot's config.
      api.hooks.hook('envelope:mint', (claims) => {
        if (!Object.hasOwn(api.config.channels, claims.channel)) throw new ChatbotUnknownChannelException(claims.channel)
      })
    },
  })
}
