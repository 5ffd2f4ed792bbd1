export { channelsPlugin } from './plugin.js'
