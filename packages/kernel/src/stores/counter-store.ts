import { createCounterStore as openCounterStore, type CounterStore, type CounterStoreOptions } from '@chatbot-kit/stores'
import { bindStores } from './to-exception.js'

/**
 * Counters over `memory:` (default, one process) or `redis://…` / `rediss://…` (shared by every
 * instance). Its failures are the kernel's exceptions: `config_invalid` naming `storage`,
 * `driver_missing`, and `counters_unavailable` (503) from any call while Redis is away.
 */
export async function createCounterStore(url = 'memory:', options: CounterStoreOptions = {}): Promise<CounterStore> {
  return bindCounterStore(await bindStores(() => openCounterStore(url, options)))
}

/** `store` with each call's failure turned into the kernel's exception (throttle and quota read its code). */
export function bindCounterStore(store: CounterStore): CounterStore {
  return {
    increment: (...args) => bindStores(() => store.increment(...args)),
    get: (...args) => bindStores(() => store.get(...args)),
    reserve: (...args) => bindStores(() => store.reserve(...args)),
    release: (...args) => bindStores(() => store.release(...args)),
    ping: () => bindStores(() => store.ping()),
    storage: store.storage,
    close: () => store.close(),
  }
}
