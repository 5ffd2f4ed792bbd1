import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateAppKey } from '@chatbot-kit/kernel'
import { writeCorpusFolder } from '../../../plugins/knowledge/test/fixtures/folder.js'
import { cleanEnv, run, tempProject, type DATABASE_TARGETS } from './cli.js'

/**
 * A project for the spawned CLI whose `chatbot.config.mjs` names the knowledge corpus fixture as
 * the `help` source (`https://shop.example/help/` URLs), then `rest` (more keys of the config
 * object), on a fresh database of `target`. `remove()` drops the database and the corpus folder.
 */
export async function knowledgeProject(target: (typeof DATABASE_TARGETS)[number], rest: string) {
  const dir = tempProject()
  const folder = writeCorpusFolder()
  writeFileSync(
    join(dir, 'chatbot.config.mjs'),
    `export default {
  knowledge: { sources: { help: { type: 'files', path: ${JSON.stringify(folder.path)}, baseUrl: 'https://shop.example/help/' } } },
${rest}
}
`,
  )
  const { url, drop } = await target.database(dir)
  const env = cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_DATABASE_URL: url })
  return {
    dir,
    url,
    env,
    folder,
    cli: (...args: string[]) => run(args, dir, env),
    remove: async () => {
      await drop()
      folder.remove()
    },
  }
}
