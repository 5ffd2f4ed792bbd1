import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** The widget's budget: what a host page pays to show a chat button. */
export const GZIP_BUDGET_BYTES = 25 * 1024

export function measure(code: string | Uint8Array): { raw: number; gzip: number } {
  const bytes = typeof code === 'string' ? Buffer.from(code) : code
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`

/** Vite plugin: prints the size of `fileName` and fails the build when its gzip size is over budget. */
export function sizeBudget(fileName: string, budgetBytes = GZIP_BUDGET_BYTES): Plugin {
  return {
    name: 'chatbot-widget:size-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const output = bundle[fileName]
      if (!output || output.type !== 'chunk') return this.error(`size budget: ${fileName} was not emitted`)
      const { raw, gzip } = measure(output.code)
      const line = `${fileName}: ${kb(raw)} raw, ${kb(gzip)} gzip (budget ${kb(budgetBytes)} gzip)`
      if (gzip > budgetBytes) this.error(`size budget exceeded: ${line}`)
      this.info(line)
    },
  }
}
