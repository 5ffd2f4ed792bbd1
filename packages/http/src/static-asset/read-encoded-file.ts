import { readFile } from 'node:fs/promises'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { EncodedFiles } from './static-asset.js'

/** The file name suffix of each precompressed copy a build writes beside a file. */
export const ENCODED_SUFFIXES = { gzip: '.gz', br: '.br' } as const

const DECODE = { gzip: gunzipSync, br: brotliDecompressSync }

/**
 * `path` and the `.gz` and `.br` copies its build wrote beside it. A copy that is missing is left
 * out; one that does not decode to the file's bytes (left over from an earlier build) is left out
 * too and named in `stale`, so no browser ever gets other code than the file holds.
 */
export async function readEncodedFile(path: string): Promise<{ files: EncodedFiles; stale: string[] }> {
  const identity = await readFile(path)
  const files: EncodedFiles = { identity }
  const stale: string[] = []
  for (const coding of ['gzip', 'br'] as const) {
    const copy = `${path}${ENCODED_SUFFIXES[coding]}`
    const bytes = await readFile(copy).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    if (!bytes) continue
    if (decodesTo(DECODE[coding], bytes, identity)) files[coding] = bytes
    else stale.push(copy)
  }
  return { files, stale }
}

function decodesTo(decode: (bytes: Uint8Array) => Buffer, bytes: Uint8Array, expected: Buffer): boolean {
  try {
    return decode(bytes).equals(expected)
  } catch {
    return false
  }
}
