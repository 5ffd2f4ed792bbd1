// `chatbot-kit/ai-sdk`: a browser-safe entry. It imports only types from the kernel and from `ai`.
export { createChatbotTransport, type ChatbotTransport } from './transport.js'
export { ChatbotTransportError } from './errors.js'
export type { ApprovalDecision, ChatbotApprovalCall, ChatbotDataParts, ChatbotMessageMetadata, ChatbotTransportOptions, ChatbotUIMessage, FetchLike } from './types.js'
