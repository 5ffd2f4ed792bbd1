import { ChatbotValidationException } from '@chatbot-kit/kernel'

/** 422: the channel is not declared in `channels` (`default` always is), e.g. when minting an envelope for it. */
export class ChatbotUnknownChannelException extends ChatbotValidationException {
  constructor(channel: string) {
    super(`Unknown channel "${channel}": declare it under \`channels\` in the config.`, { channel: 'is not a configured channel' }, 'unknown_channel')
  }
}
