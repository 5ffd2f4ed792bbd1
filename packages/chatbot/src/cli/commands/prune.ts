import { defineCommand } from 'citty'
import { consola } from '../console.js'
import { migrationsOf, pendingMigrations } from '@chatbot-kit/kernel'
import { loadChatbot } from '../../config/load.js'
import { formatPruneReport } from '../prune-report.js'
import { configArg, configLocation, guard } from '../shared.js'

export default defineCommand({
  meta: { name: 'prune', description: "Hard-delete conversations past their channel's retentionDays (with their messages, tool invocations and attachments' files)." },
  args: {
    'dry-run': { type: 'boolean', description: 'Count what would be deleted; delete nothing', default: false },
    channel: { type: 'string', description: 'Only this channel', valueHint: 'name' },
    ...configArg,
  },
  async run({ args }) {
    const dryRun = args['dry-run']
    await guard(async () => {
      // The retention plugin is built in; a host may replace it with its own named `retention`.
      const chatbot = await loadChatbot({ ...configLocation(args.config), migrate: false })
      try {
        const pending = await pendingMigrations(chatbot.db, migrationsOf(chatbot.config))
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
        // The deleted conversations' files: no database cascade reaches a file store, and no server
        // may be running to sweep it. The same sweep a server runs every minute (docs/attachments.md).
        if (!dryRun) consola.info(`Removed ${await chatbot.sweepAttachments()} attachment file(s).`)
      } finally {
        await chatbot.close()
      }
    })
  },
})
