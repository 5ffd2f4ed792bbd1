export { extractorsPlugin } from './plugin.js'
export { PAGE_SNAPSHOT, PAGE_SNAPSHOT_ALIAS } from './snapshot.js'
