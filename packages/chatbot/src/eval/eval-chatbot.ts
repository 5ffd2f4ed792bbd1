import { generateAppKey, type Chatbot, type ChatbotConfig, type ResolvedConfig } from '@chatbot-kit/kernel'
import type { ConsolaInstance } from 'consola'
import { describeProvider, startDemoProviderIfNeeded } from '../cli/dev-provider.js'
import { createChatbot, resolveConfig } from '../create.js'
import { isolateDatabase } from './isolate.js'

/** The chatbot the cases run against, and how to stop it and what it started. */
export interface EvalChatbot {
  chatbot: Chatbot
  /** One line per thing worth knowing about the run: the provider, where turns are stored. */
  notes: string[]
  close(): Promise<void>
}

/**
 * The host's chatbot as `serve` would start it from `config`, with what keeps an eval to itself:
 * the demo provider when the config has no provider (as `chatbot dev`); unless `store`, a
 * throwaway copy of the database (`isolateDatabase`); counters in memory (no quota or throttle
 * spent in the host's Redis); the message route exempt from the throttle (a run sends many
 * messages from one address); an app key of its own when none is configured.
 */
export async function startEvalChatbot(config: ResolvedConfig, options: { cwd: string; store: boolean; logger: ConsolaInstance }): Promise<EvalChatbot> {
  const stops: (() => Promise<void>)[] = []
  // Once, in the reverse order of starting, however often it is called (the run's end, a Ctrl-C).
  let closed: Promise<void> | undefined
  const close = () =>
    (closed ??= (async () => {
      // One that fails does not keep the others from running: the first failure is thrown after.
      const failures: unknown[] = []
      for (const stop of stops.reverse()) await stop().catch((error: unknown) => failures.push(error))
      if (failures.length > 0) throw failures[0]
    })())
  try {
    const demo = await startDemoProviderIfNeeded(config, 'instant')
    if (demo) stops.push(() => demo.close())
    const notes = [describeProvider(config, demo?.url)]
    // Undefined when a host plugin replaced the built-in throttle with one of its own keys.
    const throttle = config.throttle as ResolvedConfig['throttle'] | undefined
    const overrides: ChatbotConfig = {
      storage: 'memory:',
      ...(throttle && { throttle: { ...throttle, exempt: [...throttle.exempt, 'chatbot.messages'] } }),
      ...(demo && { baseUrl: demo.url }),
      ...(!config.appKey && { appKey: generateAppKey() }),
    }
    if (!options.store) {
      const isolated = await isolateDatabase(config, options.cwd)
      stops.push(() => isolated.remove())
      overrides.database = isolated.database
      notes.push(`Turns are stored in a throwaway copy of the database${isolated.where ? ` (${isolated.where})` : ''}, removed at the end; --store keeps them.`)
    } else notes.push('--store: the turns are stored in the database.')
    const chatbot = await createChatbot(resolveConfig({ ...config, ...overrides }, {}), { logger: options.logger })
    stops.push(() => chatbot.close())
    return { chatbot, notes, close }
  } catch (error) {
    await close()
    throw error
  }
}
