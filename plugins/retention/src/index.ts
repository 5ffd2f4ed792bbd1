export { retentionPlugin } from './plugin.js'
export { retentionOptions } from './options.js'
export type { PruneOptions, PruneReport, PruneChannelReport } from './prune-report.js'
export type { RetentionPruneInput } from './admin/types.js'
