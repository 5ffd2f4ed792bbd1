export { sanitizerPlugin, type SanitizerPluginOptions } from './plugin.js'
export { createTagSanitizer, type SanitizedText } from './create-tag-sanitizer.js'
