import type { Chatbot } from '@chatbot-kit/kernel'
import { adminRouterOf, type AdminRouter } from './router.js'

/** Every procedure of `AdminRouter` as an async function: `admin.conversations.list({ limit: 20 })`. */
export type AdminCaller = ReturnType<AdminRouter['createCaller']>

/**
 * The admin API in-process, without the access check (the CLI, the host's own server code). The
 * plugins' procedures load with the first call, so the caller is ready at once.
 */
export function createAdminCaller(chatbot: Chatbot): AdminCaller {
  const call = async (path: string[], args: unknown[]) => {
    let procedure: unknown = (await adminRouterOf(chatbot)).createCaller({ chatbot, trusted: true })
    for (const key of path) procedure = (procedure as Record<string, unknown>)[key]
    return (procedure as (...args: unknown[]) => Promise<unknown>)(...args)
  }
  // `admin.a.b(input)`: the path is collected property by property and called once composed.
  const at = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      // Not a promise: `await createAdminCaller(chatbot)` gets the caller itself.
      get: (_, key) => (typeof key !== 'string' || (path.length === 0 && key === 'then') ? undefined : at([...path, key])),
      apply: (_, __, args: unknown[]) => call(path, args),
    })
  return at([]) as AdminCaller
}
