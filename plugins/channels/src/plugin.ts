import { ChatbotUnknownChannelException, definePlugin, type ChatbotPlugin } from '@chatbot-kit/kernel'

/**
 * Channels are declared under `channels` in the config (`default` always exists); the kernel
 * resolves each one's settings. This plugin refuses an envelope for any other name when it is
 * minted, so a typo fails at page render rather than at the visitor's first message.
 * See docs/channels.md.
 */
export function channelsPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'channels',
    setup(chatbot) {
      // In `setup`, not `hooks`: the check needs this chatbot's config.
      chatbot.hooks.hook('envelope:mint', (claims) => {
        if (!Object.hasOwn(chatbot.config.channels, claims.channel)) throw new ChatbotUnknownChannelException(claims.channel)
      })
    },
  })
}
