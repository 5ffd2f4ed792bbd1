import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * gzip (level 9) and brotli (quality 11, the maximum) of a file, written beside it as `<file>.gz`
 * and `<file>.br`: the server sends them as they are (`createStaticAsset` in the kernel picks one
 * by `Accept-Encoding`), so the bytes a browser downloads cost no CPU per request. Shared by the
 * widget's and the console's builds.
 */
export function writePrecompressed(file: string): { gzip: Buffer; br: Buffer } {
  const bytes = readFileSync(file)
  const gzip = gzipSync(bytes, { level: 9 })
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  })
  writeFileSync(`${file}.gz`, gzip)
  writeFileSync(`${file}.br`, br)
  return { gzip, br }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`

/** Vite plugin: once the build is written, precompresses `fileNames` (paths under the output folder) and prints their sizes. */
export function precompress(fileNames: string[]): Plugin {
  return {
    name: 'chatbot-kit:precompress',
    apply: 'build',
    writeBundle(options) {
      for (const name of fileNames) {
        const file = join(options.dir ?? 'dist', name)
        const { gzip, br } = writePrecompressed(file)
        this.info(`${name}: ${kb(gzip.length)} gzip, ${kb(br.length)} brotli on the wire`)
      }
    },
  }
}
