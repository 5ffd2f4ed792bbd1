export { createCounterStore, bindCounterStore } from './counter-store.js'
export { createDatabase, importDriver, type ChatbotDatabase } from './database.js'
export { storesToException, bindStores } from './to-exception.js'
