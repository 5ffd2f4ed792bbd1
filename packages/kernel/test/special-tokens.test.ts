import { extractorsPlugin } from '@chatbot-kit/plugin-extractors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, events, type Harness } from './harness.js'

// Tokenizer special tokens are text like any other: a page that merely shows `<|endoftext|>`
// must not break chat, and neither may a model that writes one.
describe('special-token text in messages, extractors and replies', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness('in-process', { channels: { default: { allowedExtractors: ['page-text'] } }, plugins: [extractorsPlugin()] })
  })
  afterAll(() => h.close())

  it('answers a message and an extractor holding special tokens, and stores the reply that holds one', async () => {
    h.provider.script({ chunks: ['Here: ', '<|endoftext|>', ' and <|im_start|>'] })
    const token = h.envelope()
    const response = await h.post({
      signed_context: token,
      message: 'What does <|endoftext|> mean? <|fim_prefix|><|im_start|>',
      client_extractors: { 'page-text': 'The page shows <|endoftext|> in a code block.' },
    })
    expect(response.status).toBe(200)
    const stream = await events(response)
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    expect(h.provider.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'What does <|endoftext|> mean? <|fim_prefix|><|im_start|>' })

    const history = await h.history(response.headers.get('x-chatbot-conversation-id')!, token)
    const { messages } = (await history.json()) as { messages: Array<{ role: string; content: string }> }
    expect(messages.map((message) => message.content)).toEqual(['What does <|endoftext|> mean? <|fim_prefix|><|im_start|>', 'Here: <|endoftext|> and <|im_start|>'])
  })
})
