import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { attachmentsEn } from '../src/attachments/strings.js'
import { handoffEn } from '../src/handoff/strings.js'
import { en } from '../src/i18n/strings.js'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
const component = read('../src/element/ChatbotWidget.svelte')
const header = component.slice(0, component.indexOf('-->'))
const body = component.slice(header.length)
const styles = read('../src/element/widget.css')
const readme = read('../README.md')
const all = (text: string, pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((match) => match[1]!))].sort()

// The component's doc header is the public contract: it must say what the code does, and the
// README (copied into docs/widget.md) must say the same.
describe('public contract', () => {
  const properties = all(header, /@cssproperty (--chatbot-[\w-]+)/g)
  const parts = all(header, /@csspart ([\w-]+)/g)
  const events = all(header, /@event (chatbot-[\w-]+)/g)

  it('documents exactly the eight custom properties the styles read', () => {
    expect(properties).toHaveLength(8)
    expect(all(styles, /(--chatbot-[\w-]+)/g)).toEqual(properties)
  })

  it('documents exactly the twenty parts the markup exposes (the handoff and attachments modules’ among them)', () => {
    const markup = body + ['render', 'approval', 'feedback', 'sources'].map((file) => read(`../src/messages/${file}.ts`)).join('')
    const modules = read('../src/handoff/index.ts') + read('../src/attachments/index.ts') + read('../src/attachments/tray.ts')
    expect(parts).toHaveLength(20)
    expect(parts).toEqual(expect.arrayContaining(['launcher', 'feedback', 'feedback-comment', 'menu', 'menu-button', 'handoff', 'attach-button', 'attachments']))
    expect([...new Set([...all(markup, /part="([\w-]+)"/g), ...all(markup, /\bpart: '([\w-]+)'/g), ...all(modules, /setAttribute\('part', '([\w-]+)'\)/g)])].sort()).toEqual(parts)
  })

  it('documents exactly the events the component dispatches', () => {
    expect(all(body, /'(chatbot-[\w-]+)'/g)).toEqual(events)
  })

  it('lists the same surface, and every translation key, in the README', () => {
    for (const name of [...properties, ...parts, ...events, 'registerClientExtractor', 'setStrings', 'signed-context', 'endpoint']) {
      expect(readme).toMatch(new RegExp(`\`${name}[\`(]`))
    }
    for (const key of [...Object.keys(en), ...Object.keys(handoffEn), ...Object.keys(attachmentsEn)]) expect(readme).toContain(`\`${key}\``)
  })
})
