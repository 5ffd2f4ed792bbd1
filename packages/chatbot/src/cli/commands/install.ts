import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { defineCommand } from 'citty'
import { consola } from '../console.js'
import { builtinPlugins, KIT_DEFAULTS } from '../../create.js'
import { writeAppKey } from '../app-key/env-file.js'
import { configTemplate } from '../config-template.js'
import { configArg, fail, guard } from '../shared.js'

export default defineCommand({
  meta: { name: 'install', description: 'Write chatbot.config.ts with every key and its default, and add CHATBOT_APP_KEY to .env.' },
  args: {
    force: { type: 'boolean', description: 'Overwrite an existing config file (an existing CHATBOT_APP_KEY is kept)', default: false },
    ...configArg,
  },
  async run({ args }) {
    const cwd = process.cwd()
    const configPath = resolve(cwd, args.config ?? 'chatbot.config.ts')
    if (existsSync(configPath) && !args.force) fail(`${configPath} exists; pass --force to overwrite it, or run "npx chatbot key" to add only an app key to .env.`)
    await guard(async () => {
      await writeFile(configPath, configTemplate(builtinPlugins(), KIT_DEFAULTS))
      consola.success(`Wrote ${configPath}`)
      const { envPath, outcome } = await writeAppKey(cwd)
      if (outcome === 'kept') consola.info('.env already has CHATBOT_APP_KEY; kept it.')
      else consola.success(`Added a new CHATBOT_APP_KEY to ${envPath} (keep it secret; rotate with CHATBOT_APP_KEY_PREVIOUS).`)
    })
  },
})
