export { quotaPlugin, type QuotaPluginOptions } from './plugin.js'
