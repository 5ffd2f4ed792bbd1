import { createPageSnapshot, PAGE_SNAPSHOT, PAGE_SNAPSHOT_ALIAS } from '../extractors/page-snapshot.js'
import { createExtractorRegistry, type ClientExtractor, type ExtractorOptions, type ExtractorRegistry } from '../extractors/registry.js'
import { parseStrings, type WidgetStrings } from '../i18n/strings.js'

export const REGISTRY = Symbol('chatbot-widget.extractors')

export interface WidgetElement extends HTMLElement {
  strings: Partial<WidgetStrings> | string | undefined
  readonly [REGISTRY]: ExtractorRegistry
  registerClientExtractor(name: string, fn: ClientExtractor, options?: ExtractorOptions): void
  setStrings(partial: Partial<WidgetStrings>): void
}

/**
 * Adds the element's methods to the class Svelte generates. They live on the class, not in the
 * component, because Svelte mounts the component a tick after connection: a host page calling
 * `registerClientExtractor` right after the script loads must not find the method missing.
 */
export function extendElement(Base: new () => HTMLElement): new () => WidgetElement {
  return class ChatbotWidgetElement extends Base {
    declare strings: WidgetElement['strings']
    readonly [REGISTRY] = builtInRegistry()

    registerClientExtractor(name: string, fn: ClientExtractor, options?: ExtractorOptions): void {
      this[REGISTRY].register(name, fn, options)
    }

    /** Merges translations into the current ones (through the `strings` property, so the panel updates). */
    setStrings(partial: Partial<WidgetStrings>): void {
      this.strings = { ...parseStrings(this.strings), ...partial }
    }
  }
}

function builtInRegistry(): ExtractorRegistry {
  const registry = createExtractorRegistry()
  const snapshot = createPageSnapshot(document)
  registry.register(PAGE_SNAPSHOT, snapshot)
  registry.register(PAGE_SNAPSHOT_ALIAS, snapshot)
  return registry
}
