import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every TypeScript source file under `folder` (tests left out), for tests of a package's import direction. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** What a file imports: `from '…'` and `import('…')`, type-only imports included. */
export const importSpecifiers = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!)

// A package name, bare or scoped, with or without a subpath: not `node:fs`, not a relative path,
// not a `data:` the scan meets in a comment.
const PACKAGE = /^(@[\w-]+\/)?\w[\w.-]*(\/|$)/

/**
 * The packages a package's sources under `folder` import that `allowed` does not match, each as
 * `file → name` (its path relative to `folder`): what an import-direction test expects to be `[]`.
 */
export function importsOutside(folder: string, allowed: RegExp): string[] {
  return sourceFiles(folder).flatMap((file) =>
    importSpecifiers(file)
      .filter((specifier) => PACKAGE.test(specifier) && !allowed.test(specifier))
      .map((specifier) => `${relative(folder, file)} → ${specifier}`),
  )
}
