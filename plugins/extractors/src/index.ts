export { extractorsPlugin } from './plugin.js'
export { extractorsOptions } from './options.js'
export type { RenderSnapshotOptions } from './services.js'
export { PAGE_SNAPSHOT, PAGE_SNAPSHOT_ALIAS } from './snapshot.js'
