import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '@chatbot-kit/test-utils'
import * as main from '@chatbot-kit/kernel'
import * as forPlugins from '@chatbot-kit/kernel/plugin'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

// The main entry is the host's front door; what only plugins build with is `@chatbot-kit/kernel/plugin`.
const PLUGIN_HELPERS = [
  'REDIS_FAIL_FAST', 'closest', 'createIdCursor', 'deleteConversation', 'dialectOf', 'findConversationByPublicId', 'fromStoredTimestamp',
  'getRequestBody', 'getRequestEnvelope', 'importDriver', 'insertMessage', 'isUuid', 'listMessages', 'prepareBodyEnvelope',
  'prepareRequestEnvelope', 'readJsonObject', 'redisFailureReason', 'reportRedisOutages', 'setRequestEnvelope', 'sql',
  'startToolSpan', 'tableLayoutOf', 'toStoredTimestamp',
]

describe("the kernel's entries", () => {
  it('the plugin entry carries the helpers only plugins use', () => {
    expect(Object.keys(forPlugins).sort()).toEqual([...PLUGIN_HELPERS].sort())
  })

  it('the main entry keeps 1.1’s plugin helpers as the same values (deprecated aliases), and nothing new of them', () => {
    const newIn12 = new Set(['isUuid'])
    for (const name of PLUGIN_HELPERS) {
      if (newIn12.has(name)) expect(main, name).not.toHaveProperty(name)
      else expect((main as Record<string, unknown>)[name], name).toBe((forPlugins as Record<string, unknown>)[name])
    }
  })

  it('the built-in plugins and the admin package import the helpers from the plugin entry', () => {
    const fromMain = /import (?:type )?\{([^}]*)\} from '@chatbot-kit\/kernel'/g
    const folders = [...readdirSync(`${ROOT}plugins`).map((name) => `plugins/${name}/src`), 'packages/admin/src']
    const offenders = folders.flatMap((folder) =>
      sourceFiles(`${ROOT}${folder}`).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(fromMain)]
          .flatMap((match) => match[1]!.split(',').map((name) => name.replace(/\btype\b/, '').split(' as ')[0]!.trim()))
          .filter((name) => PLUGIN_HELPERS.includes(name))
          .map((name) => `${file.slice(ROOT.length)}: ${name}`),
      ),
    )
    expect(offenders).toEqual([])
  })
})
