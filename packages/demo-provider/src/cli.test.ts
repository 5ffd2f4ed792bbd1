import { spawn } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { postJson, readSse } from '@chatbot-kit/test-utils'
import { describe, expect, test } from 'vitest'

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))

/** Its exit code and everything it printed, once it exited. */
async function finish(child: ReturnType<typeof start>) {
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (data: Buffer) => (stdout += data))
  child.stderr!.on('data', (data: Buffer) => (stderr += data))
  const [code] = (await once(child, 'close')) as [number | null]
  return { code, stdout, stderr }
}

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

  test('--help prints the usage and exits 0', async () => {
    const { code, stdout, stderr } = await finish(start('--help'))
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Usage: chatbot-demo-provider \[--port 0\]/)
    expect(stdout).toContain('CHATBOT_BASE_URL')
    expect(stderr).toBe('')
  })

  test('a port in use is one line naming the port and --port, exit code 1, no stack', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as AddressInfo
    try {
      const { code, stdout, stderr } = await finish(start('--port', String(port)))
      expect(code).toBe(1)
      expect(stdout).toBe('')
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`port ${port} .*already in use.*--port`))])
    } finally {
      taken.close()
    }
  })

  test('an unknown option is one line pointing at --help, exit code 2', async () => {
    const { code, stderr } = await finish(start('--prot', '8787'))
    expect(code).toBe(2)
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/'--prot'.*--help/)])
  })

  test('refuses a bad number with exit code 2', async () => {
    const child = start('--tokens', 'many')
    let stderr = ''
    child.stderr!.on('data', (data: Buffer) => (stderr += data))
    expect((await once(child, 'exit'))[0]).toBe(2)
    expect(stderr).toContain('--tokens')
  })
})
