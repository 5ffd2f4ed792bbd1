export * from '@chatbot-kit/kernel'
export { createChatbot, loadChatbot, builtinPlugins } from './create.js'
