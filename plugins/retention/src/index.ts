export { retentionPlugin } from './plugin.js'
