import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

interface PackageJson {
  version?: string
  module?: string
  exports?: { '.'?: { import?: string | { default?: string } } }
}

/**
 * The ES module entry of the `h3` that Nitro 2 itself runs on (v1): the one Node finds from
 * Nitro's own runtime files (`from`, the preset's entry). chatbot-kit depends on h3 v2, and npm
 * may put that copy at the top of node_modules, where the app's server code (`import … from 'h3'`,
 * Nitro's auto-imports) would find it and break. Undefined when that h3 is not v1 (Nitro 3 runs
 * on v2) or cannot be found.
 */
export function resolveNitroH3(from: string): string | undefined {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const root = join(dir, 'node_modules', 'h3')
    if (!existsSync(join(root, 'package.json'))) continue
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson
    if (!pkg.version?.startsWith('1.')) return undefined
    const esm = pkg.exports?.['.']?.import
    const file = (typeof esm === 'string' ? esm : esm?.default) ?? pkg.module
    return file ? join(root, file) : undefined
  }
  return undefined
}
