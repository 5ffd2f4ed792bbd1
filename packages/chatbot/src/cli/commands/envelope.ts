import { defineCommand } from 'citty'
import { configArg, fail, guard, loadChatbotForData } from '../shared.js'

export default defineCommand({
  meta: { name: 'envelope', description: 'Print a signed envelope (signed_context) for curl and operations.' },
  args: {
    channel: { type: 'string', description: 'Channel the envelope is bound to', default: 'default' },
    route: { type: 'string', description: 'Host route name bound into the envelope', required: true },
    user: { type: 'string', description: 'Authenticated user id (or use --guest)' },
    guest: { type: 'string', description: 'Guest id (or use --user)' },
    ...configArg,
  },
  async run({ args }) {
    if (Boolean(args.user) === Boolean(args.guest)) fail('Pass exactly one of --user ID or --guest ID.')
    await guard(async () => {
      const chatbot = await loadChatbotForData(args.config)
      try {
        const identity = args.user ? { userId: args.user } : { guestId: args.guest! }
        process.stdout.write(`${chatbot.mintEnvelope({ ...identity, route: args.route, channel: args.channel })}\n`)
      } finally {
        await chatbot.close()
      }
    })
  },
})
