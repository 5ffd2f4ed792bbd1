import { isPlainObject } from './plain-object.js'

/** The value at a dotted path (`throttle.perMinute`), or undefined when a block on the way is missing. */
export function getPath(source: unknown, path: string): unknown {
  let node = source
  for (const key of path.split('.')) {
    if (!isPlainObject(node)) return undefined
    node = node[key]
  }
  return node
}

/** Sets a dotted path, creating the blocks on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.')
  let node = target
  for (const key of keys.slice(0, -1)) node = (isPlainObject(node[key]) ? node[key] : (node[key] = {})) as Record<string, unknown>
  node[keys.at(-1)!] = value
}
