import { defineCommand } from 'citty'
import { migrationsOf, pendingMigrations, type Chatbot } from '@chatbot-kit/kernel'
import { summaryLine } from '@chatbot-kit/plugin-knowledge'
import { loadChatbot } from '../../config/load.js'
import { dataConsola as consola } from '../console.js'
import { formatSearch, formatStatus, progressFrame } from '../knowledge-output.js'
import { configArg, configLocation, fail, guard, loadChatbotForData } from '../shared.js'

const jsonArg = { json: { type: 'boolean', description: 'Print one JSON document on stdout', default: false } } as const

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)

/** Runs `body` with the chatbot, closed after; a read-only command first checks the tables exist. */
async function withChatbot(load: () => Promise<Chatbot>, body: (chatbot: Chatbot) => Promise<void>, readOnly = false): Promise<void> {
  await guard(async () => {
    const chatbot = await load()
    try {
      if (readOnly) {
        const pending = await pendingMigrations(chatbot.db, migrationsOf(chatbot.config))
        if (pending.length > 0) throw new Error(`The database has pending migrations (${pending.join(', ')}): run \`chatbot migrate\` or \`chatbot knowledge sync\` first.`)
      }
      await body(chatbot)
    } finally {
      await chatbot.close()
    }
  })
}

const sync = defineCommand({
  meta: { name: 'sync', description: 'Index the knowledge sources: only what changed, unless --full. Migrates the database first.' },
  args: {
    source: { type: 'string', description: 'Only this source', valueHint: 'name' },
    full: { type: 'boolean', description: 'Re-read, re-chunk and rewrite every document whatever its hash', default: false },
    ...jsonArg,
    ...configArg,
  },
  async run({ args }) {
    // As `serve` does: the chatbot migrates on start.
    await withChatbot(
      () => loadChatbot({ ...configLocation(args.config), logger: consola.withTag('chatbot') }),
      async (chatbot) => {
        const bar = process.stderr.isTTY && !args.json
        const reports = await chatbot.syncKnowledge({
          ...(args.source ? { source: args.source } : {}),
          full: args.full,
          ...(bar && { onProgress: (progress) => process.stderr.write(`\r\x1b[K${progressFrame(progress, process.stderr.columns)}`) }),
        })
        if (bar) process.stderr.write('\r\x1b[K')
        if (args.json) print({ sources: reports })
        else for (const report of reports) process.stdout.write(`${summaryLine(report)}\n`)
        if (!args.json) for (const report of reports) for (const failure of report.failures) consola.warn(`${report.source}: ${failure.document}: ${failure.reason}`)
        if (reports.length === 0) consola.info('No knowledge sources: knowledge.sources is empty.')
        if (reports.some((report) => report.status === 'failed')) fail(`Sync failed for ${reports.filter((report) => report.status === 'failed').map((report) => report.source).join(', ')}.`)
      },
    )
  },
})

const status = defineCommand({
  meta: { name: 'status', description: 'Per source: documents, chunks, last sync and failures.' },
  args: { ...jsonArg, ...configArg },
  async run({ args }) {
    await withChatbot(
      () => loadChatbotForData(args.config),
      async (chatbot) => {
        const statuses = await chatbot.knowledgeStatus()
        if (args.json) print({ sources: statuses })
        else process.stdout.write(formatStatus(statuses))
      },
      true,
    )
  },
})

const search = defineCommand({
  meta: { name: 'search', description: 'Print what a turn would retrieve for a question, ranked, with scores.' },
  args: {
    text: { type: 'positional', description: 'The question', required: true },
    channel: { type: 'string', description: "Search as this channel's turns do (its knowledge list)", valueHint: 'name' },
    limit: { type: 'string', description: 'At most this many results (default knowledge.topK)', valueHint: 'n' },
    ...jsonArg,
    ...configArg,
  },
  async run({ args }) {
    const limit = args.limit === undefined ? undefined : Number(args.limit)
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 50)) fail(`--limit must be a whole number from 1 to 50, got "${args.limit}"`)
    await withChatbot(
      () => loadChatbotForData(args.config),
      async (chatbot) => {
        if (args.channel && !(args.channel in chatbot.config.channels)) throw new Error(`No channel is named "${args.channel}" (configured: ${Object.keys(chatbot.config.channels).join(', ')}).`)
        const found = await chatbot.searchKnowledge(args.text, { ...(args.channel ? { channel: args.channel } : {}), ...(limit ? { limit } : {}) })
        if (args.json) print(found)
        else process.stdout.write(formatSearch(found))
      },
      true,
    )
  },
})

export default defineCommand({
  meta: { name: 'knowledge', description: 'Sync the knowledge sources, see their status, and search them as a turn would.' },
  subCommands: { sync, status, search },
})
