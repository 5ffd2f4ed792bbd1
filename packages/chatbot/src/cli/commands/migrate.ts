import { defineCommand } from 'citty'
import { consola } from '../console.js'
import { createDatabase, migrate, migrationsOf } from '@chatbot-kit/kernel'
import { loadChatbotConfig } from '../../config/load.js'
import { configArg, configLocation, guard } from '../shared.js'

export default defineCommand({
  meta: { name: 'migrate', description: 'Apply pending database migrations.' },
  args: { ...configArg },
  async run({ args }) {
    await guard(async () => {
      const config = await loadChatbotConfig(configLocation(args.config))
      const database = await createDatabase(config.database, { tables: config.plugins.flatMap((plugin) => plugin.tables ?? []) })
      try {
        const applied = await migrate(database.db, migrationsOf(config))
        if (applied.length === 0) consola.success('The database is up to date.')
        else consola.success(`Applied ${applied.length} migration(s): ${applied.join(', ')}`)
      } finally {
        await database.close()
      }
    })
  },
})
