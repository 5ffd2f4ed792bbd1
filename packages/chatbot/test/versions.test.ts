import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageVersion } from '@chatbot-kit/kernel'
import { publishableWorkspaces, REPO } from './packed/workspace.js'

// One version everywhere a user reads one: the newest released section of CHANGELOG.md (an
// "(unreleased)" section is what main is heading for), every package.json of the repository,
// the pins between our packages, and what health reports (`packageVersion`).
const released = readFileSync(join(REPO, 'CHANGELOG.md'), 'utf8').match(/^## (\d+\.\d+\.\d+)$/m)?.[1]
const manifest = (folder: string) => JSON.parse(readFileSync(join(REPO, folder, 'package.json'), 'utf8')) as Record<string, Record<string, string> | string>
const OURS = /^(@chatbot-kit\/|chatbot-kit$)/

describe('the version', () => {
  it('is the newest released section of the changelog', () => {
    expect(released).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it.each([...publishableWorkspaces(), 'packages/test-utils', 'playground'])('%s has it, and pins our packages to it', (folder) => {
    const pkg = manifest(folder)
    expect(pkg.version).toBe(released)
    const pins = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((field) => Object.entries((pkg[field] as Record<string, string> | undefined) ?? {}))
    for (const [name, range] of pins.filter(([name]) => OURS.test(name))) expect(range, name).toBe(released)
  })

  it('is what health reports', () => {
    expect(packageVersion).toBe(released)
  })
})
