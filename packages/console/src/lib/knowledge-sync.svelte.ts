import { knowledgeSources, syncKnowledge, type KnowledgeSource } from './api.js'
import { describeError } from './errors.js'
import { syncSummary } from './knowledge.js'
import { session } from './session.svelte.js'

/** While a sync runs (from here or elsewhere), the sources are read again this often: their counts and `syncing` move as it goes. */
export const POLL_MS = 1000

/**
 * The knowledge sources' state and the syncs started from the console. `knowledge.sync` answers
 * once done, so the console polls `knowledge.sources` meanwhile (its `syncing` flag and counts),
 * and shows each source's report when the answer comes.
 */
export class KnowledgeSync {
  sources = $state<KnowledgeSource[] | null>(null)
  error = $state('')
  /** The source being synced from here, `'*'` for all of them; null when none. */
  running = $state<string | null>(null)
  /** The last sync's lines, one per source. */
  summary = $state<string[]>([])
  syncError = $state('')

  async load(): Promise<void> {
    try {
      this.sources = await knowledgeSources()
      this.error = ''
    } catch (error) {
      if (!session.refused(error)) this.error = describeError(error)
    }
  }

  /** Whether `source` (or any) is syncing, from here or elsewhere (the CLI, another instance). */
  busy(source?: string): boolean {
    if (this.running !== null && (this.running === '*' || source === undefined || this.running === source)) return true
    return this.sources?.some((status) => status.syncing && (source === undefined || status.source === source)) ?? false
  }

  async sync(source?: string): Promise<void> {
    if (this.running !== null) return
    this.running = source ?? '*'
    this.summary = []
    this.syncError = ''
    const poll = setInterval(() => void this.load(), POLL_MS)
    try {
      this.summary = (await syncKnowledge(source)).map(syncSummary)
    } catch (error) {
      if (!session.refused(error)) this.syncError = describeError(error)
    } finally {
      clearInterval(poll)
      this.running = null
      await this.load()
    }
  }
}
