export { ChatbotException, type ChatbotExceptionOptions } from './base.js'
export * from './request.js'
export * from './turn.js'
export { ChatbotProviderException, type ProviderFailureKind } from './provider.js'
