export { quotaPlugin, type QuotaPluginOptions } from './plugin.js'
export { quotaOptions } from './options.js'
export { ChatbotQuotaExceededException } from './errors.js'
export type { QuotaStatus, QuotaBudget } from './quota-status.js'
