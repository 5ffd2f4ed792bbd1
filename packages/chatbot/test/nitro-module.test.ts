import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Nitro } from 'nitropack'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import chatbotNitro, { createChatbotNitroModule } from '../src/nitro/module.js'

// What the Nitro module (and the Nuxt module through it) does to Nitro's options at build time.
// The packed test builds real apps with it; this pins each change quickly.

describe('the Nitro module', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'chatbot-nitro-module-'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  // Nitro's options as the module sees them, for an app at `root` whose Nitro runs from `root/nitropack`.
  function fakeNitro(extra: Record<string, unknown> = {}) {
    const options = {
      rootDir: root,
      entry: join(root, 'node_modules/nitropack/dist/presets/node/runtime/node-server'),
      virtual: {} as Record<string, () => string>,
      plugins: [] as string[],
      handlers: [{ route: '/**', handler: 'renderer' }] as { route: string; handler: string }[],
      externals: { inline: ['chatbot-kit', '@nuxt/'] } as { inline?: string[]; traceInclude?: string[] },
      alias: {} as Record<string, string>,
      imports: { presets: [] as unknown[] },
      ...extra,
    }
    return { options } as unknown as Nitro & { options: typeof options }
  }

  function installH3(dir: string, version: string) {
    mkdirSync(join(root, dir), { recursive: true })
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify({ name: 'h3', version, exports: { '.': { import: './dist/index.mjs' } } }))
  }

  it('mounts the routes under the base, with a plugin that compiles the app config in', async () => {
    writeFileSync(join(root, 'chatbot.config.ts'), 'export default {}')
    const nitro = fakeNitro({ chatbot: { base: '/assistant/' } })
    await chatbotNitro.setup!(nitro)
    expect(nitro.options.handlers[0]).toEqual({ route: '/assistant/**', handler: '#chatbot-kit/handler' })
    expect(nitro.options.plugins).toEqual(['#chatbot-kit/plugin'])
    const plugin = nitro.options.virtual['#chatbot-kit/plugin']!()
    expect(plugin).toContain(`import config from ${JSON.stringify(join(root, 'chatbot.config.ts'))}`)
    expect(plugin).toContain(`setupNitroChatbot(nitroApp, config, "/assistant")`)
    expect(nitro.options.virtual['#chatbot-kit/handler']!()).toContain(`from 'chatbot-kit/nitro/runtime'`)
    expect(nitro.options.imports.presets).toEqual([{ from: 'chatbot-kit/nitro/runtime', imports: ['useChatbot', 'renderChatbotWidget'] }])
  })

  it('runs without a config file; its own option beats the Nitro config key', async () => {
    const nitro = fakeNitro({ chatbot: { base: '/from-config' } })
    await createChatbotNitroModule({ base: '/from-option' }).setup!(nitro)
    expect(nitro.options.handlers[0]!.route).toBe('/from-option/**')
    expect(nitro.options.virtual['#chatbot-kit/plugin']!()).toContain('const config = undefined')
  })

  it('refuses a base that is not a path', async () => {
    await expect(async () => createChatbotNitroModule({ base: 'chatbot' }).setup!(fakeNitro())).rejects.toThrow(/"chatbot.base" must be a path/)
  })

  it('keeps chatbot-kit external and its widget bundle traced, with its precompressed copies', async () => {
    const nitro = fakeNitro()
    await chatbotNitro.setup!(nitro)
    expect(nitro.options.externals.inline).toEqual(['@nuxt/'])
    // The widget and the modules it loads on handoff and attachments channels, each with its copies.
    expect(nitro.options.externals.traceInclude).toEqual(['widget.js', 'handoff.js', 'attachments.js'].flatMap((file) => [file, `${file}.gz`, `${file}.br`].map((name) => expect.stringMatching(new RegExp(`/${name.replace(/\./g, '\\.')}$`)))))
  })

  it("points the app's h3 at the v1 Nitro runs on, even with v2 at the top of node_modules", async () => {
    installH3('node_modules/h3', '2.0.8')
    installH3('node_modules/nitropack/node_modules/h3', '1.15.11')
    const nitro = fakeNitro()
    await chatbotNitro.setup!(nitro)
    expect(nitro.options.alias.h3).toBe(join(root, 'node_modules/nitropack/node_modules/h3/dist/index.mjs'))
  })

  it("leaves h3 alone when Nitro's is not v1, or when the app aliases it itself", async () => {
    installH3('node_modules/h3', '2.0.8')
    const nitro = fakeNitro()
    await chatbotNitro.setup!(nitro)
    expect(nitro.options.alias.h3).toBeUndefined()
    installH3('node_modules/nitropack/node_modules/h3', '1.15.11')
    const own = fakeNitro({ alias: { h3: '/my/h3.mjs' } })
    await chatbotNitro.setup!(own)
    expect(own.options.alias.h3).toBe('/my/h3.mjs')
  })
})
