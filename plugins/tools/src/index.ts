export { toolsPlugin } from './plugin.js'
export { isFresh } from './freshness.js'
