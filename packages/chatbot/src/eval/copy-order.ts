/** A foreign key: `child` refers to `parent`. */
export interface TableReference {
  child: string
  parent: string
}

/**
 * The tables to copy, each after the tables it refers to: all of `tables` but `left` and, step by
 * step, every table that refers to one left out (its rows would point at nothing).
 */
export function copyOrder(tables: string[], references: TableReference[], left: string[]): string[] {
  const out = new Set(left)
  for (let grew = true; grew; ) {
    grew = false
    for (const { child, parent } of references) if (out.has(parent) && !out.has(child)) grew = Boolean(out.add(child))
  }
  const ordered: string[] = []
  const pending = tables.filter((table) => !out.has(table))
  while (pending.length > 0) {
    const next = pending.findIndex((table) => references.every(({ child, parent }) => child !== table || parent === table || ordered.includes(parent) || !pending.includes(parent)))
    // A cycle of references between copied tables: the rest go in the order given.
    ordered.push(...pending.splice(next === -1 ? 0 : next, next === -1 ? pending.length : 1))
  }
  return ordered
}
