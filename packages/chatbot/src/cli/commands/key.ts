import { defineCommand } from 'citty'
import { consola } from '../console.js'
import { writeAppKey } from '../app-key/env-file.js'
import { configArg, fail, guard } from '../shared.js'

const WHAT_REPLACING_DOES =
  'Envelopes and cookies signed with the old key stop verifying (open widgets must reload, sessions start over), unless the old key is listed in CHATBOT_APP_KEY_PREVIOUS.'

export default defineCommand({
  meta: { name: 'key', description: 'Add a fresh CHATBOT_APP_KEY to .env (never touches the config file).' },
  args: {
    force: { type: 'boolean', description: 'Replace an existing CHATBOT_APP_KEY (invalidates what the old key signed)', default: false },
    ...configArg,
  },
  async run({ args }) {
    // Every command reads `.env` from the working directory, whatever --config names.
    const { envPath, outcome } = await guard(() => writeAppKey(process.cwd(), args.force))
    if (outcome === 'kept') {
      fail(`${envPath} already has CHATBOT_APP_KEY; kept it. Replacing it (chatbot key --force) is a rotation: ${WHAT_REPLACING_DOES}`)
    }
    if (outcome === 'replaced') consola.warn(`Replaced CHATBOT_APP_KEY in ${envPath}. ${WHAT_REPLACING_DOES}`)
    else consola.success(`Added a new CHATBOT_APP_KEY to ${envPath} (keep it secret; the same on every instance).`)
    if (process.env.CHATBOT_APP_KEY) consola.warn('CHATBOT_APP_KEY is also set in this shell, and the environment beats .env: unset it to use the key in .env.')
  },
})
