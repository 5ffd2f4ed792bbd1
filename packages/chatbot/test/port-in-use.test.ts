import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAppKey } from '@chatbot-kit/kernel'
import { assertBuilt, cleanEnv, PLAYGROUND_SECRETS, run, tempProject } from './cli.js'

const PLAYGROUND = fileURLToPath(new URL('../../../playground/', import.meta.url))

/** A port something else listens on, as a second `npm run dev` finds 3000 and 4319. */
async function takePort(): Promise<{ port: number; server: Server }> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as { port: number }).port, server }
}

/** The lines a failed command printed: exactly one, and no stack. */
function onlyLine(output: string): string {
  const lines = output.split('\n').filter((line) => line.trim() !== '')
  expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([])
  expect(lines).toHaveLength(1)
  return lines[0]!
}

describe('a port in use', () => {
  let taken: Awaited<ReturnType<typeof takePort>>
  let mcp: Awaited<ReturnType<typeof takePort>>
  let data: string
  beforeAll(async () => {
    assertBuilt()
    taken = await takePort()
    mcp = await takePort()
    data = mkdtempSync(join(tmpdir(), 'chatbot-port-'))
  })
  afterAll(() => {
    taken.server.close()
    mcp.server.close()
  })

  // Nothing is written to the playground: the database, key and token come from the environment.
  const env = (extra: Record<string, string> = {}) =>
    cleanEnv({ ...PLAYGROUND_SECRETS, CHATBOT_API_KEY: '', CHATBOT_DATABASE_URL: join(data, 'chatbot.sqlite'), ...extra })

  it('chatbot serve says which port and what to do, in one line', async () => {
    const dir = tempProject()
    writeFileSync(join(dir, '.env'), `CHATBOT_APP_KEY=${generateAppKey()}\n`)
    const result = await run(['serve', '--port', String(taken.port)], dir)
    expect(result.code).toBe(1)
    expect(onlyLine(result.stdout + result.stderr)).toMatch(new RegExp(`Port ${taken.port} is already in use.*--port`))
  })

  it('chatbot dev in the playground, run twice, names its own port before the MCP server starts', async () => {
    const result = await run(['dev', '--port', String(taken.port)], PLAYGROUND, env({ PLAYGROUND_MCP_PORT: String(mcp.port) }))
    expect(result.code).toBe(1)
    const line = onlyLine(result.stdout + result.stderr)
    expect(line).toMatch(new RegExp(`Port ${taken.port} is already in use.*--port`))
    expect(line).not.toContain(String(mcp.port))
  })

  it("the playground's MCP port in use is one line naming PLAYGROUND_MCP_PORT", async () => {
    const result = await run(['dev', '--port', '0'], PLAYGROUND, env({ PLAYGROUND_MCP_PORT: String(mcp.port) }))
    expect(result.code).toBe(1)
    const errors = (result.stdout + result.stderr).split('\n').filter((line) => /error/i.test(line))
    expect(errors).toEqual([expect.stringMatching(new RegExp(`port ${mcp.port}.*PLAYGROUND_MCP_PORT`))])
    expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m)
  })
})
