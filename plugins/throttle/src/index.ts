export { throttlePlugin, type ThrottlePluginOptions } from './plugin.js'
