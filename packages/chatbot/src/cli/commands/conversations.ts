import { defineCommand } from 'citty'
import { dataConsola as consola } from '../console.js'
import { createAdminCaller } from '@chatbot-kit/admin'
import type { Chatbot } from '@chatbot-kit/kernel'
import { configArg, guard, loadChatbotForData } from '../shared.js'

/** Runs `body` with the admin API's in-process caller (no token needed: this is the operator's shell). */
async function withAdmin<T>(configFile: string | undefined, body: (admin: ReturnType<typeof createAdminCaller>, chatbot: Chatbot) => Promise<T>): Promise<T> {
  return guard(async () => {
    const chatbot = await loadChatbotForData(configFile)
    try {
      return await body(createAdminCaller(chatbot), chatbot)
    } finally {
      await chatbot.close()
    }
  })
}

const list = defineCommand({
  meta: { name: 'list', description: 'List conversations, newest activity first.' },
  args: {
    channel: { type: 'string', description: 'Only this channel' },
    user: { type: 'string', description: 'Only this user id' },
    guest: { type: 'string', description: 'Only this guest id' },
    search: { type: 'string', description: 'Only conversations with a message containing this text' },
    limit: { type: 'string', description: 'At most this many (1–200)', default: '50' },
    cursor: { type: 'string', description: 'The nextCursor printed by the previous page' },
    json: { type: 'boolean', description: 'Print JSON', default: false },
    ...configArg,
  },
  async run({ args }) {
    await withAdmin(args.config, async (admin) => {
      const page = await admin.conversations.list({
        ...(args.channel ? { channel: args.channel } : {}),
        ...(args.user ? { userId: args.user } : {}),
        ...(args.guest ? { guestId: args.guest } : {}),
        ...(args.search ? { search: args.search } : {}),
        ...(args.cursor ? { cursor: args.cursor } : {}),
        limit: Number(args.limit),
      })
      if (args.json) return void process.stdout.write(`${JSON.stringify(page, null, 2)}\n`)
      for (const item of page.items) {
        const owner = item.userId ? `user ${item.userId}` : `guest ${item.guestId}`
        process.stdout.write(`${item.id}  ${item.channel}  ${owner}  ${item.messageCount} message(s)  last ${item.lastActivityAt}\n`)
      }
      consola.info(page.items.length === 0 ? 'No conversations.' : page.nextCursor ? `More: --cursor ${page.nextCursor}` : 'End of list.')
    })
  },
})

const show = defineCommand({
  meta: { name: 'show', description: 'Show one conversation with its messages and tool invocations (JSON).' },
  args: { id: { type: 'positional', description: 'Conversation id (UUID)', required: true }, ...configArg },
  async run({ args }) {
    await withAdmin(args.config, async (admin) => {
      process.stdout.write(`${JSON.stringify(await admin.conversations.get({ id: args.id }), null, 2)}\n`)
    })
  },
})

const remove = defineCommand({
  meta: { name: 'delete', description: 'Hard-delete one conversation with its messages and tool invocations.' },
  args: { id: { type: 'positional', description: 'Conversation id (UUID)', required: true }, ...configArg },
  async run({ args }) {
    await withAdmin(args.config, async (admin) => {
      await admin.conversations.delete({ id: args.id })
      consola.success(`Deleted conversation ${args.id}.`)
    })
  },
})

export default defineCommand({
  meta: { name: 'conversations', description: 'List, show and delete stored conversations (the admin API, in-process).' },
  subCommands: { list, show, delete: remove },
})
