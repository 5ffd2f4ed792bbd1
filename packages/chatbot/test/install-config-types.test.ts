import { execFile } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, run, tempProject } from './cli.js'

const REPO = fileURLToPath(new URL('../../../', import.meta.url))
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc')

// The file `chatbot install` writes, type-checked as a user's app does: `chatbot-kit` resolved
// through node_modules to its built types (dist/*.d.ts), strict, as an ES module. A key written
// twice (TS1117) fails it, and so does a default whose type the config does not accept.
describe('the config chatbot install writes', () => {
  beforeAll(() => assertBuilt())

  it('type-checks with tsc against the built types', async () => {
    const dir = tempProject()
    expect((await run(['install'], dir)).code).toBe(0)
    mkdirSync(join(dir, 'node_modules'))
    symlinkSync(join(REPO, 'packages', 'chatbot'), join(dir, 'node_modules', 'chatbot-kit'))
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
    const compilerOptions = { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: ['node'], typeRoots: [join(REPO, 'node_modules', '@types')] }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['chatbot.config.ts'] }))
    const checked = await promisify(execFile)(process.execPath, [TSC, '-p', dir], { cwd: dir }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(checked).toBe('')
  })
})
