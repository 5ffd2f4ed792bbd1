export { createCounterStore } from './create-counter-store.js'
export type { CounterStore, CounterStoreOptions } from './types.js'
