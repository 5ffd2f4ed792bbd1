export { truncateUtf8, byteLength, TRUNCATION_MARKER } from './truncate.js'
export { loadTokenizer, countTokens, MESSAGE_OVERHEAD_TOKENS } from './tokens.js'
