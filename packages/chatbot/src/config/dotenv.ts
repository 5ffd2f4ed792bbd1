import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseEnv } from 'node:util'

/** Variables this process took from a `.env` file: a reload may change them, the real environment never. */
const fromDotenv = new Set<string>()

/**
 * Loads `.env` from `cwd` into `env` with Node's own parser (values are literal, as with
 * `node --env-file`). A variable set in the real environment wins; one that came from `.env`
 * takes the file's new value when the config is loaded again (`chatbot dev` reloads).
 */
export function loadDotenv(cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  let text: string
  try {
    text = readFileSync(join(cwd, '.env'), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (value === undefined || (env[name] !== undefined && !fromDotenv.has(name))) continue
    env[name] = value
    fromDotenv.add(name)
  }
}
