import { coreOptions, type ChatbotPlugin, type OptionDeclarations, type OptionSpec } from '@chatbot-kit/kernel'

/** A value as TypeScript source: what `chatbot install` writes for a default. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${key}: ${literal(item)}`).join(', ')} }`
  }
  return String(value)
}

type Node = { spec?: OptionSpec; owner: string; children: Map<string, Node> }
/** A key with the owner that declares it ("the kernel", "the replies plugin"). */
type Entry = [path: string, spec: OptionSpec, owner: string]

/**
 * One tree of every owner's keys, each spec's default replaced by the wiring's, if it sets one.
 * Owners that declare keys under the same parent (the kernel's and the replies plugin's
 * `stream.*`) share its block: an object literal may name a key only once.
 */
function treeOf(entries: Entry[], defaults: Readonly<Record<string, unknown>> = {}): Node {
  const root: Node = { owner: '', children: new Map() }
  for (const [path, spec, owner] of entries) {
    let node = root
    for (const key of path.split('.')) {
      let next = node.children.get(key)
      if (!next) node.children.set(key, (next = { owner, children: new Map() }))
      node = next
    }
    node.spec = path in defaults ? { ...spec, default: defaults[path] } : spec
  }
  return root
}

/**
 * One key: its default (or a commented example) and, as a trailing comment, its env variable and
 * doc. In a channel block (`inChannel`) no env variable applies and the whole line is a comment.
 */
function line(key: string, spec: OptionSpec, indent: string, inChannel: boolean, note?: string): string {
  const comment = [[inChannel ? undefined : spec.env?.name, spec.doc].filter(Boolean).join(': '), note].filter(Boolean).join(' ')
  const example = spec.example
  // A secret is read from the environment, never written here.
  const code = example?.startsWith('process.env.') && !inChannel
    ? `${key}: ${example},`
    : spec.default !== undefined ? `${key}: ${literal(spec.default)},` : `${inChannel ? '' : '// '}${key}: ${example ?? '…'},`
  return `${indent}${code}${comment ? `  // ${comment}` : ''}`
}

/** A block's keys; a key of another owner than the block's says whose it is. */
function render(node: Node, indent: string, inChannel = false, blockOwner = node.owner): string[] {
  const lines: string[] = []
  for (const [key, child] of node.children) {
    if (key === 'channels' || key === 'plugins') continue
    const note = !inChannel && child.owner !== blockOwner ? `(${child.owner})` : undefined
    if (child.children.size === 0) lines.push(line(key, child.spec!, indent, inChannel, note))
    else lines.push(`${indent}${key}: {`, ...render(child, `${indent}  `, inChannel, blockOwner), `${indent}},`)
  }
  return lines
}

/** The top-level keys, under a heading per owner, in the order the owners come. */
function renderTopLevel(root: Node): string[] {
  const lines: string[] = []
  let owner: string | undefined
  for (const [key, child] of root.children) {
    if (key === 'channels' || key === 'plugins') continue
    if (child.owner !== owner) lines.push('', `  // Keys of ${(owner = child.owner)}`)
    lines.push(...render({ owner: child.owner, children: new Map([[key, child]]) }, '  '))
  }
  return lines
}

const topLevel = (options: OptionDeclarations, owner: string) =>
  Object.entries(options)
    .filter(([, spec]) => spec.channel !== 'only')
    .map(([path, spec]): Entry => [path, spec, owner])
/** A channel's keys; one that stands alone in a channel (`prompt`) has no default there. */
const perChannel = (options: OptionDeclarations, owner: string) =>
  Object.entries(options)
    .filter(([, spec]) => spec.channel !== undefined)
    .map(([path, spec]): Entry => [path, spec.channel === 'own' ? { ...spec, default: undefined } : spec, owner])

/**
 * The `chatbot.config.ts` that `chatbot install` writes, gathered from the declarations of the
 * kernel and each plugin: every key, its default and its env variable.
 */
export function configTemplate(plugins: ChatbotPlugin[], defaults: Readonly<Record<string, unknown>> = {}): string {
  const owners: [string, OptionDeclarations][] = [['the kernel', coreOptions], ...plugins.filter((plugin) => plugin.options).map((plugin): [string, OptionDeclarations] => [`the ${plugin.name} plugin`, plugin.options!])]
  const body = renderTopLevel(treeOf(owners.flatMap(([owner, options]) => topLevel(options, owner)), defaults))
  const channel = render(treeOf(owners.flatMap(([owner, options]) => perChannel(options, owner))), '    //   ', true)
  return `import { defineChatbotConfig } from 'chatbot-kit'

// Every key is optional: the value shown is the default, the comment names its environment
// variable. Environment variables beat this file; runtime overrides through
// chatbot.channel(name) beat both. See docs/configuration.md.
export default defineChatbotConfig({${body.join('\n')}

  // Channel blocks: a key that also exists at the top level falls back to it (a channel's prompt
  // is added after the base one); the others default as shown
  channels: {
    default: {},
    // support: {
${channel.join('\n')}
    // },
  },
  plugins: [],  // your plugins, after the built-in ones
})
`
}
