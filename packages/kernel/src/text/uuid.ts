const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether `value` is a UUID in its 36-character text form, in either case: the one check for
 * every public id a request names (conversations, messages, guests, event ids). Imports nothing,
 * so the console's bundle can take this file alone.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}
