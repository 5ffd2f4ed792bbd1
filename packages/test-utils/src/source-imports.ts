import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

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
