import { ChatbotException } from './errors/base.js'

/**
 * Facade features that plugins provide: each plugin augments this interface with its own
 * (`declare module '@chatbot-kit/kernel' { interface ChatbotServices { quota: … } }`) and plugs
 * the implementation in with `provide(name, implementation)`; `chatbot[name]` then calls it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by plugins' augmentations
export interface ChatbotServices {}

/**
 * The spec's facade methods that plugins provide. Until one is provided, calling it is a 501
 * `not_available` naming it; any other name a plugin provides appears on the facade as it is.
 */
export const SPEC_FEATURES = ['quota', 'prune', 'renderSnapshot', 'tools', 'registerTool', 'clearTools'] as const

const ASYNC_FEATURES: ReadonlySet<string> = new Set(['quota', 'prune'])

type Implementation = (...args: never[]) => unknown

/** The facade's provided features: `provide` plugs one in, `install` puts them on the facade. */
export function createServices() {
  const services = new Map<string, Implementation>()
  const lookup = (name: string): Implementation => {
    const implementation = services.get(name)
    if (!implementation) throw new ChatbotException(`No plugin provides "${name}".`, { code: 'not_available', status: 501 })
    return implementation
  }
  return {
    provide(name: string, implementation: unknown, facade: object): void {
      if (typeof implementation !== 'function') throw new TypeError(`provide("${name}") expects a function.`)
      services.set(name, implementation as Implementation)
      if (!(SPEC_FEATURES as readonly string[]).includes(name)) Object.defineProperty(facade, name, { value: implementation, configurable: true, enumerable: true, writable: true })
    },
    /** The spec's features on the facade, each looking its implementation up when called. */
    install(facade: object): void {
      for (const name of SPEC_FEATURES) {
        const call = (...args: never[]) => lookup(name)(...args)
        // As in 1.0, the asynchronous features reject (rather than throw) when nobody provides them.
        const value = ASYNC_FEATURES.has(name) ? async (...args: never[]) => call(...args) : call
        Object.defineProperty(facade, name, { value, enumerable: true, configurable: true, writable: true })
      }
    },
  }
}
