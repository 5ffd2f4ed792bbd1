import { ChatbotMessageFailed, ChatbotQuotaExceededException, countTokens, loadTokenizer } from '@chatbot-kit/kernel'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { COUNTER_STORES, DATABASES, createQuotaServers, tokensOf } from './setup.js'
import { events } from '../../../packages/kernel/test/harness.js'

const targets = DATABASES.flatMap((database) => COUNTER_STORES.map((store) => ({ ...store, database, skip: database.skip || store.skip })))

beforeAll(async () => {
  await loadTokenizer()
})

describe.each(targets)('a reply that runs out of quota on $database.name with $name counters', ({ storage, database, skip }) => {
  describe.skipIf(skip)(skip || 'mid-stream', () => {
    let servers: ReturnType<typeof createQuotaServers>
    afterEach(async () => {
      await servers.close()
    })

    it('stops there: an error event on the open stream, the reply stored incomplete with exactly what was streamed', async () => {
      servers = createQuotaServers(storage, database.postgres)
      const h = await servers.start({ dailyQuota: { output: 5 } })
      const failures: ChatbotMessageFailed[] = []
      h.chatbot.on(ChatbotMessageFailed, (event) => void failures.push(event))
      h.provider.script({ chunks: ['One', ' two', ' six', ' ten', ' red', ' sky', ' far', ' end'], tokenDelayMs: 5 })

      const token = h.envelope()
      const response = await h.post({ signed_context: token, message: 'Count for me' })
      expect(response.status).toBe(200)
      const stream = await events(response)
      const streamed = tokensOf(stream).join('')
      expect(streamed).toBe('One two six ten red')
      expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded', retryable: false })

      const stored = await h.chatbot.db.selectFrom('messages').select(['content', 'status', 'finish_reason']).where('role', '=', 'assistant').execute()
      expect(stored).toEqual([{ content: streamed, status: 'incomplete', finish_reason: 'quota_exceeded' }])
      const conversationId = response.headers.get('x-chatbot-conversation-id')!
      const history = (await (await h.history(conversationId, token)).json()) as { messages: { role: string; content: string }[] }
      expect(history.messages.map((message) => message.content)).toEqual(['Count for me', streamed])

      // Programmatic callers get the typed exception.
      expect(failures).toHaveLength(1)
      expect(failures[0]!.payload.error).toBeInstanceOf(ChatbotQuotaExceededException)
      expect(failures[0]!.payload.error.code()).toBe('quota_exceeded')
      expect((await h.chatbot.quota({ userId: 'user-1' })).output).toEqual({ used: countTokens(streamed), limit: 5, remaining: 5 - countTokens(streamed) })
    })
  })
})
