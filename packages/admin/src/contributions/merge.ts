import type { AnyRouter } from '@trpc/server'
import type { ConversationFilter, OverviewSeries, TranscriptContribution } from './contribution.js'
import type { NamedContribution } from './load.js'

/** The plugins' contributions put together, each name claimed once. */
export interface MergedContributions {
  routers: Record<string, AnyRouter>
  filters: Map<string, ConversationFilter>
  transcripts: TranscriptContribution[]
  series: OverviewSeries[]
}

/** The names the admin package uses itself, which no plugin may claim. */
export interface CoreNames {
  namespaces: readonly string[]
  conversationFilters: readonly string[]
  overviewFields: readonly string[]
}

const NONE: CoreNames = { namespaces: [], conversationFilters: [], overviewFields: [] }

/**
 * One admin API out of every plugin's part. A namespace, a filter or an overview field claimed
 * twice (by two plugins, or by a plugin and the core) is a `TypeError` naming both.
 */
export function mergeContributions(contributions: readonly NamedContribution[], core: CoreNames = NONE): MergedContributions {
  const merged: MergedContributions = { routers: {}, filters: new Map(), transcripts: [], series: [] }
  const claim = createClaims(core)
  for (const { plugin, contribution } of contributions) {
    for (const [namespace, router] of Object.entries(contribution.routers ?? {})) {
      claim('admin namespace', namespace, plugin)
      merged.routers[namespace] = router
    }
    for (const [field, filter] of Object.entries(contribution.conversationFilters ?? {})) {
      claim('conversations.list field', field, plugin)
      merged.filters.set(field, filter)
    }
    if (contribution.transcript) merged.transcripts.push(contribution.transcript)
    if (contribution.overview) {
      for (const field of Object.keys(contribution.overview.empty)) claim('stats.overview field', field, plugin)
      merged.series.push(contribution.overview)
    }
  }
  return merged
}

const CORE = 'the admin API'

function createClaims(core: CoreNames) {
  const owners = new Map<string, string>()
  const own = (kind: string, names: readonly string[], owner: string) => names.forEach((name) => owners.set(`${kind} ${name}`, owner))
  own('admin namespace', core.namespaces, CORE)
  own('conversations.list field', core.conversationFilters, CORE)
  own('stats.overview field', core.overviewFields, CORE)
  return (kind: string, name: string, plugin: string) => {
    const owner = owners.get(`${kind} ${name}`)
    if (owner !== undefined) throw new TypeError(`The ${kind} "${name}" is added by both ${owner === CORE ? owner : `"${owner}"`} and "${plugin}".`)
    own(kind, [name], plugin)
  }
}
