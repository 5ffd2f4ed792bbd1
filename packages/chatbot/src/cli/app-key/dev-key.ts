import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { generateAppKey } from '@chatbot-kit/kernel'

/** Where `chatbot dev` keeps the key it made, beside the default SQLite file. */
export const DEV_KEY_FILE = join('.data', 'dev-app-key')

/**
 * The app key of `chatbot dev` when none is configured: the one kept in `.data/dev-app-key` of
 * `cwd`, made on first use. A restart keeps it, so the envelopes and session cookies of the tabs
 * still open stay valid (a key per run made every open widget fail after a restart).
 */
export async function devAppKey(cwd: string): Promise<{ key: string; created: boolean }> {
  const file = join(cwd, DEV_KEY_FILE)
  const kept = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
  if (kept.trim() !== '') return { key: kept.trim(), created: false }
  const key = generateAppKey()
  await mkdir(join(cwd, '.data'), { recursive: true })
  await writeFile(file, `${key}\n`, { mode: 0o600 })
  return { key, created: true }
}
