import { describe, expect, it } from 'vitest'
import { copyOrder } from '../src/eval/copy-order.js'

// Which of the host's Postgres tables `chatbot eval` copies into its schema, and in what order.
describe('copyOrder', () => {
  const references = [
    { child: 'messages', parent: 'conversations' },
    { child: 'tool_invocations', parent: 'messages' },
    { child: 'knowledge_chunks', parent: 'knowledge_documents' },
    { child: 'conversations', parent: 'conversations' },
  ]

  it('leaves out the conversations and every table that refers to them, step by step, and puts parents first', () => {
    const tables = ['knowledge_chunks', 'tool_invocations', 'conversations', 'messages', 'knowledge_gaps', 'knowledge_documents']
    expect(copyOrder(tables, references, ['conversations', 'messages'])).toEqual(['knowledge_gaps', 'knowledge_documents', 'knowledge_chunks'])
  })

  it('keeps going on a cycle between copied tables, in the order given', () => {
    const cycle = [
      { child: 'a', parent: 'b' },
      { child: 'b', parent: 'a' },
    ]
    expect(copyOrder(['a', 'b', 'c'], cycle, [])).toEqual(['c', 'a', 'b'])
  })
})
