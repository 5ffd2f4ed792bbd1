export { BODY_DEADLINE_MS, BODY_LIMIT_BYTES, readJsonObject } from './read-json.js'
export { readCapped } from './read-capped.js'
