import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// Packing the repository's packages and installing them into new apps with npm, as a user
// installs chatbot-kit from the registry.

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url))

// What an outer `npm test` tells its scripts about the repository (its package, prefix, workspaces):
// not the apps'. The npm configuration itself (`npm_config_cache`, the registry) is kept.
const OUTER_NPM = /^(npm_package_|npm_lifecycle_|npm_config_(local_prefix|workspaces?|include_workspace_root)$|INIT_CWD$)/

/**
 * The environment of the npm and server processes: the machine's, without the test runner's
 * (`VITEST`, `NODE_ENV=test`), CHATBOT_* or the repository's npm script context.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(CHATBOT_|VITEST|NODE_ENV$|TEST$)/.test(key) && !OUTER_NPM.test(key)) env[key] = value
  }
  return { ...env, NO_COLOR: '1', NUXT_TELEMETRY_DISABLED: '1', ...extra }
}

/** Runs a command to completion; a non-zero exit throws with the end of its output. */
export function run(command: string, args: string[], cwd: string, env = childEnv()): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${output.slice(-4000)}`))))
  })
}

/** Awaits `work`, printing how long it took (the test's step timings). */
export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    console.log(`[packed] ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
}

/** The workspaces npm would publish: every one whose package.json is not `private`. */
export function publishableWorkspaces(): string[] {
  const root = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { workspaces: string[] }
  const folders = root.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(join(REPO, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
  )
  return folders.filter((folder) => {
    const manifest = join(REPO, folder, 'package.json')
    return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { private?: boolean }).private !== true
  })
}

/** `npm pack` of every publishable workspace into `destination`: package name → tarball path. */
export async function packWorkspaces(destination: string): Promise<Map<string, string>> {
  const workspaces = publishableWorkspaces()
  const output = await run('npm', ['pack', '--json', '--pack-destination', destination, ...workspaces.flatMap((folder) => ['-w', folder])], REPO)
  const packed = JSON.parse(output.slice(output.indexOf('['))) as { name: string; filename: string }[]
  if (packed.length !== workspaces.length) throw new Error(`npm pack packed ${packed.length} packages for ${workspaces.length} workspaces`)
  return new Map(packed.map((entry) => [entry.name, join(destination, entry.filename)]))
}

/**
 * One folder whose node_modules the apps under it share, installed by npm from the tarballs.
 * `chatbot-kit` is its only dependency of ours: `overrides` point the @chatbot-kit packages npm
 * would fetch from the registry at their tarballs, so the tree has the shape of a registry
 * install and npm's hoisting decides which `h3` sits at the top. `dependencies` are the app's
 * others (Nitro 2, Nuxt 4.4 for Node 20, or an `h3` of its own), whatever versions npm resolves.
 */
export async function installApps(dir: string, tarballs: Map<string, string>, dependencies: Record<string, string>): Promise<void> {
  const file = (name: string) => `file:${tarballs.get(name)!}`
  const overrides = Object.fromEntries([...tarballs.keys()].filter((name) => name !== 'chatbot-kit').map((name) => [name, file(name)]))
  const manifest = { name: 'chatbot-kit-packed-apps', private: true, type: 'module', dependencies: { 'chatbot-kit': file('chatbot-kit'), ...dependencies }, overrides }
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir)
}

/** The version of a package at the top of `dir`'s node_modules. */
export function hoistedVersion(dir: string, name: string): string {
  return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
}
