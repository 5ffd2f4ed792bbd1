/** The console's built files: its page, and its assets by file name. */
export interface ConsoleFiles {
  html: string
  assets: Map<string, { body: string; type: string }>
}

// What Vite emits for the console: a script and a stylesheet.
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
}

/**
 * The build of `@chatbot-kit/console`: one module of text files (see its build/files-module.ts),
 * imported on the first console request, so bundlers and Nitro's file tracer follow it.
 */
export async function loadConsoleFiles(): Promise<ConsoleFiles> {
  const { default: built } = await import('@chatbot-kit/console')
  const html = built['index.html']
  if (html === undefined) throw new Error('@chatbot-kit/console has no index.html')
  const assets = new Map<string, { body: string; type: string }>()
  for (const [path, body] of Object.entries(built)) {
    if (path.startsWith('assets/')) assets.set(path.slice('assets/'.length), { body, type: TYPES[path.split('.').pop()!] ?? 'application/octet-stream' })
  }
  return { html, assets }
}
