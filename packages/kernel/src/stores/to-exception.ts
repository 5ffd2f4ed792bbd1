import { StoresError } from '@chatbot-kit/stores'
import {
  ChatbotConfigException,
  ChatbotCountersUnavailableException,
  ChatbotDatabaseUnavailableException,
  ChatbotDriverMissingException,
  ChatbotTableConflictException,
} from '../errors/index.js'

/** The kernel's exception for a store's failure, with the same code and message; anything else passes as is. */
export function storesToException(error: unknown): unknown {
  if (!StoresError.isInstance(error)) return error
  const { kind, reason, key = '', driver = '', purpose = '', table = '', schema, tablePrefix = '' } = error.details
  switch (kind) {
    case 'config':
      return new ChatbotConfigException(key, reason)
    case 'counters_unavailable':
      return new ChatbotCountersUnavailableException(reason, error.cause)
    case 'database_unavailable':
      return new ChatbotDatabaseUnavailableException(reason, error.cause)
    case 'driver_missing':
      return new ChatbotDriverMissingException(driver, purpose, error.cause)
    case 'table_conflict':
      return new ChatbotTableConflictException(table, schema, tablePrefix)
  }
}

/** Runs `call`, its failure turned into the kernel's exception. */
export async function bindStores<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw storesToException(error)
  }
}
