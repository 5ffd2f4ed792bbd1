import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { definePlugin } from 'chatbot-kit'

/** Where the playground keeps its token between runs, beside its database (`.data/` of the working directory). */
const TOKEN_FILE = '.data/admin-token'

/** The token kept in `TOKEN_FILE`, or a new one written there. */
function keptToken(): string {
  try {
    const kept = readFileSync(TOKEN_FILE, 'utf8').trim()
    if (kept) return kept
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const token = randomBytes(18).toString('base64url')
  mkdirSync('.data', { recursive: true })
  writeFileSync(TOKEN_FILE, `${token}\n`, { mode: 0o600 })
  return token
}

/**
 * The admin token of the playground: `CHATBOT_ADMIN_TOKEN` when set, else the one kept in
 * `.data/admin-token`, so that a restart of `npm run dev` leaves the console signed in. It is put
 * in `process.env`, so a config reload (`chatbot dev` re-reads this file) keeps it, and it never
 * reaches a page: the demo page shows a curl line that reads it from the shell.
 */
export function devAdminToken(): string {
  process.env.CHATBOT_ADMIN_TOKEN ||= keptToken()
  return process.env.CHATBOT_ADMIN_TOKEN
}

/** Prints the token where the developer runs `npm run dev`, with what to do with it. */
export function devAdminPlugin() {
  return definePlugin({
    name: 'playground-dev-admin',
    setup(chatbot) {
      const token = chatbot.config.admin.token
      if (!token) return
      chatbot.logger.info(
        `Admin console at ${chatbot.config.base}/admin, API at ${chatbot.config.base}/admin/trpc; the token is ${token}. In another terminal: export CHATBOT_ADMIN_TOKEN=${token}, then use the curl line on the demo page or \`npx tsx playground/admin-client.ts\`.`,
      )
    },
  })
}
