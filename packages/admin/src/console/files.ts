import { createStaticAsset, type StaticAsset } from '@chatbot-kit/kernel'
import { CONSOLE_HEADERS } from './csp.js'

/** The console's built files: its page, and its assets by file name. */
export interface ConsoleFiles {
  html: string
  assets: Map<string, StaticAsset>
}

// What Vite emits for the console: a script and a stylesheet.
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
}

// Vite names every asset after a hash of its content: a URL never changes meaning.
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The build of `@chatbot-kit/console`: one module of its files (see its build/files-module.ts),
 * imported on the first console request, so bundlers and Nitro's file tracer follow it. Each
 * asset is served as the kernel serves widget.js: brotli or gzip as the build precompressed it.
 */
export async function loadConsoleFiles(): Promise<ConsoleFiles> {
  const { default: built, encoded } = await import('@chatbot-kit/console')
  const html = built['index.html']
  if (html === undefined) throw new Error('@chatbot-kit/console has no index.html')
  const assets = new Map<string, StaticAsset>()
  for (const [path, body] of Object.entries(built)) {
    if (!path.startsWith('assets/')) continue
    const copies = encoded[path]
    const files = { identity: Buffer.from(body), gzip: copies && Buffer.from(copies.gzip, 'base64'), br: copies && Buffer.from(copies.br, 'base64') }
    const type = TYPES[path.split('.').pop()!] ?? 'application/octet-stream'
    assets.set(path.slice('assets/'.length), createStaticAsset(files, { type, cacheControl: IMMUTABLE, headers: CONSOLE_HEADERS }))
  }
  return { html, assets }
}
