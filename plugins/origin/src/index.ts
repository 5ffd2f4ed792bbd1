export { originPlugin } from './plugin.js'
export { originOptions } from './options.js'
export { ChatbotOriginNotAllowedException } from './errors.js'
