import { readFileSync } from 'node:fs'
import { coreOptions, declarationsOf, envNames, knownKeys, type KeyTree, type OptionDeclarations } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { builtinPlugins } from '../src/create.js'

const page = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8')
const fullList = page.slice(page.indexOf('The full list:'), page.indexOf('## Likely mistakes'))
const declarations = declarationsOf(builtinPlugins())

/** Who declares each key, as the "owner" column names it: `kernel` or `<name> plugin`. */
const owners: [string, OptionDeclarations][] = [['kernel', coreOptions], ...builtinPlugins().flatMap((plugin): [string, OptionDeclarations][] => (plugin.options ? [[`${plugin.name} plugin`, plugin.options]] : []))]
/** The row of a key in the table of top-level keys (its config key is the second cell) or of channel keys. */
const rowOf = (path: string, table: 'top' | 'channel') => {
  const start = table === 'top' ? 0 : page.indexOf('## Channel keys')
  return page.slice(start).split('\n').find((line) => line.split('|')[2]?.trim() === `\`${path}\``)
}

const leaves = (tree: KeyTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, shape]) => (typeof shape === 'object' ? leaves(shape, `${prefix}${key}.`) : [`${prefix}${key}`]))

// The docs cannot fall behind the code: every key the kernel and the built-in plugins declare,
// and every variable they read, is documented in a row.
describe('docs/configuration.md', () => {
  it.each([...envNames(declarations).entries()])('documents %s as %s', (path, env) => {
    expect(fullList).toContain(`\`${env}\``)
    expect(page).toMatch(new RegExp(`\\| \`${path.replaceAll('.', '\\.')}\` \\| \`${env}\``))
  })

  it.each(leaves(knownKeys(declarations).config))('has a row for %s', (path) => {
    expect(page).toContain(`| \`${path}\``)
  })

  it.each(leaves(knownKeys(declarations).channel))('has a row for channels.<name>.%s', (path) => {
    expect(page).toMatch(new RegExp(`\`(channels\\.<name>\\.)?${path.replaceAll('.', '\\.')}\``))
  })

  it.each(owners.flatMap(([owner, options]) => Object.entries(options).map(([path, spec]) => [path, owner, spec.channel] as const)))('names the owner of %s (%s)', (path, owner, channel) => {
    const row = rowOf(path, channel === 'only' ? 'channel' : 'top')
    if (path === 'database' || path === 'channels' || path === 'plugins') return
    expect(row, path).toBeDefined()
    expect(row!.split('|').at(-2)).toContain(owner)
  })
})
