import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// Vitest 4 dropped workspace files; this list is imported by vitest.config.ts as `test.projects`.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const folders = (parent: string) =>
  readdirSync(here(parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(here(`${parent}/${entry.name}/package.json`)))
    .map((entry) => `${parent}/${entry.name}`)

const project = (folder: string) => ({
  extends: true as const,
  test: { name: folder, root: here(folder), include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
})

export default [...folders('packages'), ...folders('plugins'), 'widget'].map(project)
