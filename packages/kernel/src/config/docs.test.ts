import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENV_NAMES } from './env.js'

const page = readFileSync(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8')
const fullList = page.slice(page.indexOf('The full list:'), page.indexOf('## Likely mistakes'))

// The docs cannot fall behind the code: every variable the code reads is listed, and documented in a row.
describe('docs/configuration.md', () => {
  it.each([...ENV_NAMES.entries()])('documents %s as %s', (path, env) => {
    expect(fullList).toContain(`\`${env}\``)
    expect(page).toMatch(new RegExp(`\\| \`${path.replaceAll('.', '\\.')}\` \\| \`${env}\``))
  })
})
