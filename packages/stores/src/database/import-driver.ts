import { driverMissing } from '../failures.js'

/**
 * Runs `load` (a dynamic import of an optional peer such as `pg`, or of a module that imports
 * one) and turns "that package is not installed" into a typed error that says how to install it.
 * Any other failure, including another package missing, is rethrown as it is.
 */
export async function importDriver<T>(driver: string, purpose: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (isMissingPackage(error, driver)) throw driverMissing(driver, purpose, error)
    throw error
  }
}

/** Node's resolver error for a bare specifier: `Cannot find package 'pg' imported from …`. */
function isMissingPackage(error: unknown, name: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    (message.includes(`'${name}'`) || message.includes(`"${name}"`))
  )
}
