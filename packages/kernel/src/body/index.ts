export { BODY_DEADLINE_MS, BODY_LIMIT_BYTES, readJsonObject } from './read-json.js'
