export { throttlePlugin, type ThrottlePluginOptions } from './plugin.js'
export { throttleOptions, type ThrottleConfig } from './options.js'
export { ChatbotThrottledException } from './errors.js'
