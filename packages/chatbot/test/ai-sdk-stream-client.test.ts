import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sourceFiles } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'

const AI_SDK = fileURLToPath(new URL('../src/ai-sdk', import.meta.url))

// One SSE client for the widget and the AI SDK transport: a second parser or backoff here would
// drift from the widget's (framing, ids, reconnect window) without any test noticing.
describe("chatbot-kit/ai-sdk's stream reading", () => {
  const sources = sourceFiles(AI_SDK).map((file) => readFileSync(file, 'utf8'))

  it('comes from @chatbot-kit/widget/stream', () => {
    const imports = sources.flatMap((code) => [...code.matchAll(/import \{([^}]+)\} from '@chatbot-kit\/widget\/stream'/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim())))
    expect(imports.sort()).toEqual(['RECONNECT_WINDOW_MS', 'backoffDelay', 'parseEvent', 'placeOf', 'sleep', 'sseFrames'])
  })

  it('has no SSE framing, event-id ordering or backoff of its own', () => {
    const own = sources.filter((code) => /getReader\(|new TextDecoder|startsWith\('data:'\)|2 \*\* attempt|:\(\\d\+\)\$/.test(code))
    expect(own).toEqual([])
  })
})
