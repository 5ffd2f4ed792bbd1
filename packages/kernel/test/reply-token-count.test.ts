import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { countTokens, definePlugin, type ChatbotPlugin } from '@chatbot-kit/kernel'
import { createHarness, type Harness } from './harness.js'
import { eventFrames } from './frames.js'

// The kernel counts a reply's tokens in pieces as it streams (src/text/running-count.ts); what it
// stores and charges must be what counting the whole stored text gives.

const prose = readFileSync(new URL('../../../docs/performance.md', import.meta.url), 'utf8').slice(0, 6000)
const mixed = "Grüße aus Köln: it's 12,345.67 €, don't   panic.\n\n\tЖизнь 中文字符 👩‍💻 'LL ½ ١٢٣ <|endoftext|>  \n".repeat(40)

/** `text` in deltas of 1 to 9 characters, the same each run. */
function deltas(text: string): string[] {
  const out: string[] = []
  for (let at = 0, step = 0; at < text.length; step++) {
    const end = Math.min(text.length, at + 1 + ((step * 7) % 9))
    out.push(text.slice(at, end))
    at = end
  }
  return out
}

type Row = { content: string; status: string; token_count: number; output_tokens: number | null }
const storedReply = (h: Harness, messageId: string) =>
  h.chatbot.db.selectFrom('messages').select(['content', 'status', 'token_count', 'output_tokens']).where('public_id', '=', messageId).executeTakeFirstOrThrow() as Promise<Row>

async function reply(h: Harness, text: string, message = 'hi') {
  h.provider.script({ chunks: deltas(text) })
  const frames = eventFrames(await (await h.post({ signed_context: h.envelope(), message })).text())
  const done = frames.at(-1)!.data as { type: string; usage: { output_tokens: number } }
  return { done, row: await storedReply(h, frames[0]!.messageId) }
}

let h: Harness | undefined
afterEach(() => h?.close())

describe("a reply's token count", () => {
  it.each([
    ['prose', prose],
    ['mixed scripts, digits, whitespace runs and contractions', mixed],
  ])('is the whole stored text counted, for %s', async (_, text) => {
    h = await createHarness('in-process')
    const { done, row } = await reply(h, text)
    expect(done.type).toBe('done')
    expect(row.content).toBe(text)
    expect(row.token_count).toBe(countTokens(text))
  })

  it('follows a plugin that replaces the text mid-reply', async () => {
    const shout: ChatbotPlugin = definePlugin({
      name: 'shout',
      hooks: {
        'turn:chunk': (turn) => {
          if (turn.text.length > 500 && turn.text.length < 520) turn.text = turn.text.toUpperCase()
        },
      },
    })
    h = await createHarness('in-process', { plugins: [shout] })
    const { row } = await reply(h, prose)
    expect(row.content).not.toBe(prose)
    expect(row.token_count).toBe(countTokens(row.content))
  })

  it('of a reply stopped mid-stream is what was stored, counted whole', async () => {
    const stopLate = definePlugin({
      name: 'stop-late',
      hooks: {
        'turn:chunk': (turn) => {
          if (turn.text.length > 2500) turn.stop()
        },
      },
    })
    h = await createHarness('in-process', { plugins: [stopLate] })
    const { done, row } = await reply(h, prose)
    expect(row.status).toBe('incomplete')
    expect(row.token_count).toBe(countTokens(row.content))
    expect(row.output_tokens).toBe(countTokens(row.content))
    expect(done.usage.output_tokens).toBe(countTokens(row.content))
  })
})
