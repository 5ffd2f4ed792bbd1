import { ChatbotProviderException, type ChatbotException } from '@chatbot-kit/kernel'
import { ChatbotAttachmentException } from '../errors.js'

/**
 * A provider's 400 that mentions images, on a turn that sent some, becomes the `error` event
 * `attachments_not_supported`: the model cannot read images, which a retry will not change.
 */
export function explainImageRefusal(error: ChatbotException): ChatbotException {
  const refusedImages = error instanceof ChatbotProviderException && error.providerStatus === 400 && /image/i.test(error.detail)
  return refusedImages ? new ChatbotAttachmentException('attachments_not_supported', 'The AI model cannot read images: send the message without them.') : error
}
