import { describe, expect, it } from 'vitest'
import { conversationUrl, historyUrl, messagesUrl, resolveEndpoint } from '../../src/api/endpoint.js'

const script = 'https://shop.example/chatbot/widget.js?v=3'
const page = 'https://shop.example/products/42'

describe('resolveEndpoint', () => {
  it('defaults to the folder the script came from', () => {
    expect(resolveEndpoint('', script, page)).toBe('https://shop.example/chatbot/')
    expect(resolveEndpoint(undefined, script, page)).toBe('https://shop.example/chatbot/')
  })

  it('takes an endpoint attribute, relative to the page, always ending in a slash', () => {
    expect(resolveEndpoint('/support/chatbot', script, page)).toBe('https://shop.example/support/chatbot/')
    expect(resolveEndpoint('https://api.example/chatbot/', script, page)).toBe('https://api.example/chatbot/')
  })
})

describe('route URLs', () => {
  it('puts the routes under the endpoint and encodes the id and the token', () => {
    const endpoint = 'https://shop.example/chatbot/'
    expect(messagesUrl(endpoint)).toBe('https://shop.example/chatbot/messages')
    expect(historyUrl(endpoint, 'a/b', 'p+q.sig=')).toBe(
      'https://shop.example/chatbot/conversations/a%2Fb/messages?signed_context=p%2Bq.sig%3D',
    )
  })

  it('names the resume and stop routes, with the envelope only when given', () => {
    const endpoint = 'https://shop.example/chatbot/'
    expect(conversationUrl(endpoint, 'c-1', 'stream', 'p.s')).toBe('https://shop.example/chatbot/conversations/c-1/stream?signed_context=p.s')
    expect(conversationUrl(endpoint, 'c-1', 'stop')).toBe('https://shop.example/chatbot/conversations/c-1/stop')
  })
})
