import { defineCommand } from 'citty'
import { consola } from 'consola'
import { loadChatbotConfig, pendingMigrations, resolveConfig, type Chatbot } from '@chatbot-kit/kernel'
import { retentionPlugin } from '@chatbot-kit/plugin-retention'
import { builtinPlugins, createChatbot } from '../../create.js'
import { formatPruneReport } from '../prune-report.js'
import { configArg, configLocation, guard } from '../shared.js'

/** The configured chatbot, with the retention plugin added when neither the built-ins nor the host have it. */
async function loadWithRetention(configFile: string | undefined): Promise<Chatbot> {
  const config = await loadChatbotConfig(configLocation(configFile))
  const names = new Set([...builtinPlugins(), ...config.plugins].map((plugin) => plugin.name))
  const plugins = names.has('retention') ? config.plugins : [...config.plugins, retentionPlugin()]
  return createChatbot(resolveConfig({ ...config, plugins }, {}), { migrate: false })
}

export default defineCommand({
  meta: { name: 'prune', description: "Hard-delete conversations past their channel's retentionDays (with their messages and tool invocations)." },
  args: {
    'dry-run': { type: 'boolean', description: 'Count what would be deleted; delete nothing', default: false },
    channel: { type: 'string', description: 'Only this channel', valueHint: 'name' },
    ...configArg,
  },
  async run({ args }) {
    const dryRun = args['dry-run']
    await guard(async () => {
      const chatbot = await loadWithRetention(args.config)
      try {
        const pending = await pendingMigrations(chatbot.db)
        if (pending.length > 0) throw new Error(`The database has pending migrations (${pending.join(', ')}): run \`chatbot migrate\` first.`)
        consola.start(dryRun ? 'Dry run: counting what would be deleted. Nothing is deleted.' : 'Pruning conversations past their retention.')
        const report = await chatbot.prune({
          dryRun,
          ...(args.channel ? { channel: args.channel } : {}),
          onProgress: ({ channel, conversations, messages }) =>
            consola.info(`${channel}: ${conversations} conversation(s), ${messages} message(s) ${dryRun ? 'to delete' : 'deleted so far'}`),
        })
        process.stdout.write(`\n${formatPruneReport(report)}\n`)
        const { conversations, messages } = report.total
        consola.success(dryRun ? `Would delete ${conversations} conversation(s) and ${messages} message(s).` : `Deleted ${conversations} conversation(s) and ${messages} message(s).`)
      } finally {
        await chatbot.close()
      }
    })
  },
})
