import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// A sample in a docs page marked `<!-- example: examples/x -->` is a copy of that file, which a
// test runs: the page shows the file exactly, so what a reader copies is what was tested.
const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url))
const MARKED = /<!-- example: (\S+) -->\n```\w*\n([\s\S]*?)```/g

const samples = readdirSync(DOCS)
  .filter((file) => file.endsWith('.md'))
  .flatMap((page) => [...readFileSync(join(DOCS, page), 'utf8').matchAll(MARKED)].map((match) => [page, match[1]!, match[2]!] as const))

describe('samples in the docs', () => {
  it('are marked in the pages that show them', () => {
    expect(samples.map(([page, file]) => `${page}: ${file}`)).toEqual(expect.arrayContaining([
        'deployment.md: examples/express/server.mjs',
        'admin.md: examples/admin-client.ts',
        'deployment.md: examples/proxies/nginx.conf',
        'deployment.md: examples/proxies/Caddyfile',
        'deployment.md: examples/proxies/haproxy.cfg',
        'plugins.md: examples/first-plugin/house-rules.ts',
        'plugins.md: ../plugins/origin/src/options.ts',
        'plugins.md: ../plugins/origin/src/plugin.ts',
      ]))
  })

  it.each(samples)('%s shows %s as it is', (_page, file, shown) => {
    expect(shown).toBe(readFileSync(join(DOCS, file), 'utf8'))
  })
})
