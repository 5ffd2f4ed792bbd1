export { channelsPlugin } from './plugin.js'
export { ChatbotUnknownChannelException } from './unknown-channel.js'
