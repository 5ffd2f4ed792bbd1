import type { Declarations } from './declarations.js'
import { channelLevel, topLevel } from './declarations.js'
import type { OptionSpec } from './options.js'

/** A config's shape for the unknown-key warning: `true` a leaf, an object a block, `'record'` a map of free names. */
export type KeyTree = { [key: string]: true | 'record' | KeyTree }

function treeOf(entries: [string, OptionSpec][]): KeyTree {
  const tree: KeyTree = {}
  for (const [path, spec] of entries) {
    const keys = path.split('.')
    let node = tree
    for (const key of keys.slice(0, -1)) {
      const next = node[key]
      node = typeof next === 'object' ? next : (node[key] = {})
    }
    const leaf = keys.at(-1)!
    // A block that is also declared itself (`database`) keeps its children.
    if (typeof node[leaf] !== 'object') node[leaf] = spec.record ? 'record' : true
  }
  return tree
}

/** Every top-level key, and every key of a channel block, as the declarations give them. */
export function knownKeys(declarations: Declarations): { config: KeyTree; channel: KeyTree } {
  return { config: treeOf(topLevel(declarations)), channel: treeOf(channelLevel(declarations)) }
}

/**
 * `CHATBOT_*` variables chatbot-kit's own tools read that are no config key: the browser tests'
 * switches, the proxy binaries of the deployment tests, the docs screenshots, the admin client example, the knowledge bench's corpus and embeddings, the streams bench's heap snapshots. Any `CHATBOT_TEST_*` passes too.
 */
const TOOLING_ENV_NAMES = ['CHATBOT_SKIP_BROWSER', 'CHATBOT_CHROMIUM', 'CHATBOT_FIREFOX', 'CHATBOT_NGINX', 'CHATBOT_CADDY', 'CHATBOT_HAPROXY', 'CHATBOT_UPDATE_DOCS_SCREENSHOT', 'CHATBOT_URL', 'CHATBOT_BENCH_KNOWLEDGE', 'CHATBOT_BENCH_EMBEDDINGS', 'CHATBOT_BENCH_HEAP_DIR']

/** Whether a `CHATBOT_*` variable is read by chatbot-kit's tools rather than by a config key. */
export const isToolingEnvName = (name: string): boolean => name.startsWith('CHATBOT_TEST_') || TOOLING_ENV_NAMES.includes(name)

