export { sanitizerPlugin, type SanitizerPluginOptions } from './plugin.js'
export { sanitizerOptions } from './options.js'
export { ChatbotSuspiciousContextDetected } from './events.js'
export { createTagSanitizer, type SanitizedText } from './create-tag-sanitizer.js'
