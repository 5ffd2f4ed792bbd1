import { existsSync, realpathSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { serveStatic, type H3Event } from 'h3'
import type { DemoPage } from './demo-page.js'

/** `/<name>` → `<name>.html`: one plain segment, so no path can reach outside the folder. */
const PAGE_PATH = /^\/([A-Za-z0-9][\w-]*)$/

/**
 * The page `chatbot dev` serves at `/<name>`: `<cwd>/<name>.html` when it exists, filled like
 * `index.html` (plus `<!-- chatbot:envelope -->`); its envelope's route is `playground.<name>`.
 */
export async function findDevPage(cwd: string, pathname: string): Promise<DemoPage | undefined> {
  const name = PAGE_PATH.exec(pathname)?.[1]
  if (!name || name === 'index') return undefined
  const file = join(cwd, `${name}.html`)
  if (!existsSync(file)) return undefined
  return { template: await readFile(file, 'utf8'), route: `playground.${name}` }
}

/**
 * Static files from `<cwd>/public/` at their path (a page's built script and stylesheet), with
 * `no-cache`: a rebuild shows on the next reload even when file names carry no hash. Anything
 * that resolves outside the folder (through `..` or a link) is not served.
 */
export function serveDevFile(event: H3Event, cwd: string): Promise<unknown> {
  const root = resolve(cwd, 'public')
  const locate = async (id: string) => {
    if (!existsSync(root)) return undefined
    const file = resolve(root, `.${id}`)
    if (!existsSync(file)) return undefined
    const real = realpathSync(file)
    if (!real.startsWith(realpathSync(root) + sep)) return undefined
    const info = await stat(real)
    return info.isFile() ? { real, info } : undefined
  }
  return serveStatic(event, {
    indexNames: [],
    headers: { 'cache-control': 'no-cache' },
    getMeta: async (id) => {
      const found = await locate(id)
      return found && { size: found.info.size, mtime: found.info.mtime }
    },
    getContents: async (id) => {
      const found = await locate(id)
      return found && (await readFile(found.real))
    },
  })
}
