import type { DatabaseIntrospector } from 'kysely'

/** Postgres' "schema does not exist" and "relation does not exist": what a catalog read meets when another session drops what it is reading. */
const CATALOG_CHANGED = new Set(['3F000', '42P01'])
const ATTEMPTS = 5

/**
 * `introspector`, read again when the catalog changed under it. Kysely's Postgres introspection
 * (its migrator's "does the migration table exist?" among others) reads every schema of the
 * database and resolves each by name as it goes: a schema or table another session drops meanwhile
 * (a tenant removed during a deploy, a parallel test file's schema) failed the whole read, and
 * with it migrating. The next read no longer sees what was dropped.
 */
export function steadyIntrospector(introspector: DatabaseIntrospector): DatabaseIntrospector {
  async function again<T>(read: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await read()
      } catch (error) {
        if (attempt === ATTEMPTS || !CATALOG_CHANGED.has((error as { code?: unknown }).code as string)) throw error
      }
    }
  }
  return {
    getSchemas: () => again(() => introspector.getSchemas()),
    getTables: (options) => again(() => introspector.getTables(options)),
    getMetadata: (options) => again(() => introspector.getMetadata(options)),
  }
}
