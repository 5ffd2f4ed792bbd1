import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { generateAppKey } from '@chatbot-kit/kernel'

/** A non-empty `CHATBOT_APP_KEY=` line, as `.env` is read (`node --env-file` rules). */
const APP_KEY = /^CHATBOT_APP_KEY=.+$/m
/** Every `CHATBOT_APP_KEY=` line, replaced together so that no old one is left to win. */
const APP_KEY_LINES = /^CHATBOT_APP_KEY=.*$/gm

export interface WrittenAppKey {
  /** The `.env` file of the working directory. */
  envPath: string
  /** `added`: there was none; `kept`: there was one and `replace` was off; `replaced`: a new one replaced it. */
  outcome: 'added' | 'kept' | 'replaced'
}

/**
 * Gives the `.env` of `cwd` a fresh `CHATBOT_APP_KEY` when it has none (creating the file if
 * needed), or, with `replace`, in place of the one it has. Nothing else in the file changes.
 */
export async function writeAppKey(cwd: string, replace = false): Promise<WrittenAppKey> {
  const envPath = resolve(cwd, '.env')
  const env = existsSync(envPath) ? await readFile(envPath, 'utf8') : ''
  const line = `CHATBOT_APP_KEY=${generateAppKey()}`
  if (APP_KEY.test(env)) {
    if (!replace) return { envPath, outcome: 'kept' }
    await writeFile(envPath, env.replace(APP_KEY_LINES, line))
    return { envPath, outcome: 'replaced' }
  }
  // An empty `CHATBOT_APP_KEY=` line is no key: the new one goes after it and wins (the last line does).
  const separator = env === '' || env.endsWith('\n') ? '' : '\n'
  await writeFile(envPath, `${env}${separator}${line}\n`)
  return { envPath, outcome: 'added' }
}
