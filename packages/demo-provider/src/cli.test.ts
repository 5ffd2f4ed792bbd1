import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { postJson, readSse } from '@chatbot-kit/test-utils'
import { describe, expect, test } from 'vitest'

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))

/** Runs the CLI from its TypeScript source (jiti transpiles it) in its own process. */
function start(...args: string[]) {
  return spawn(process.execPath, ['--import', 'jiti/register', cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
}

describe('demo-provider CLI', () => {
  test('prints its url as one JSON line, serves, and exits cleanly on SIGTERM', async () => {
    const child = start('--port', '0', '--tokens', '5', '--delay', '1', '--first-delay', '0')
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string]
    const { url } = JSON.parse(line) as { url: string }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)

    const events = await readSse<{ choices: { delta: { content?: string } }[] } | string>(
      await postJson(`${url}/chat/completions`, { messages: [{ role: 'user', content: 'hi' }], stream: true }),
    )
    const text = events.map((event) => (typeof event === 'string' ? '' : (event.choices[0]?.delta.content ?? ''))).join('')
    expect(text).toBe('tok0 tok1 tok2 tok3 tok4')

    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    expect(await exited).toEqual([0, null])
  })

  test('refuses a bad number with exit code 2', async () => {
    const child = start('--tokens', 'many')
    let stderr = ''
    child.stderr!.on('data', (data: Buffer) => (stderr += data))
    expect((await once(child, 'exit'))[0]).toBe(2)
    expect(stderr).toContain('--tokens')
  })
})
