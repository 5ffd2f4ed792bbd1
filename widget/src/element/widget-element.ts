import { mount, unmount, type Component } from 'svelte'
import { createSubscriber } from 'svelte/reactivity'
import { createPageSnapshot, PAGE_SNAPSHOT, PAGE_SNAPSHOT_ALIAS } from '../extractors/page-snapshot.js'
import { createExtractorRegistry, type ClientExtractor, type ExtractorOptions, type ExtractorRegistry } from '../extractors/registry.js'
import { parseStrings, type WidgetStrings } from '../i18n/strings.js'

export const REGISTRY = Symbol('chatbot-widget.extractors')

/** The element's properties, each with the value it reads as while unset. */
const DEFAULTS: WidgetProps = { channel: '', position: 'bottom-right', title: '', signedContext: '', endpoint: '', strings: undefined, open: false }

export interface WidgetProps {
  channel: string
  position: string
  title: string
  /** Attribute `signed-context`; every other property's attribute has its name. */
  signedContext: string
  endpoint: string
  /** A property set with an object stays an object; the attribute's JSON is parsed leniently. */
  strings: Partial<WidgetStrings> | string | undefined
  open: boolean
}

export interface WidgetElement extends HTMLElement, WidgetProps {
  readonly [REGISTRY]: ExtractorRegistry
  registerClientExtractor(name: string, fn: ClientExtractor, options?: ExtractorOptions): void
  setStrings(partial: Partial<WidgetStrings>): void
}

type Key = keyof WidgetProps
const KEYS = Object.keys(DEFAULTS) as Key[]
const attributeOf = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
const keyOf = (attribute: string) => attribute.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) as Key

/**
 * The `<chatbot-widget>` class: an open shadow root that adopts `sheets` and that `Panel` is
 * mounted into while the element is connected, with `host` (this element) as its one prop. Its
 * properties are reactive: the panel's effects that read one re-run when it changes, by attribute
 * or by assignment. `Base` is for tests, which have no DOM.
 */
export function defineWidgetElement(Panel: Component<{ host: WidgetElement }>, sheets: CSSStyleSheet[] = [], Base: new () => HTMLElement = HTMLElement): new () => WidgetElement {
  class ChatbotWidgetElement extends Base {
    static observedAttributes = KEYS.map(attributeOf)

    readonly [REGISTRY] = builtInRegistry()
    #values: Partial<Record<Key, unknown>> = {}
    // Reading a property inside the panel's effects subscribes them; `#changed` tells them it changed.
    #changed = () => {}
    #track = createSubscriber((update) => {
      this.#changed = update
    })
    #panel: object | undefined

    static {
      for (const key of KEYS) {
        Object.defineProperty(this.prototype, key, {
          get(this: ChatbotWidgetElement) {
            this.#track()
            return this.#values[key] ?? DEFAULTS[key]
          },
          set(this: ChatbotWidgetElement, value: unknown) {
            // As an attribute, `open` is true while present, whatever its value.
            if (key === 'open' && typeof value !== 'boolean') value = value != null
            this.#values[key] = value
            if (key === 'open') this.toggleAttribute('open', value as boolean)
            this.#changed()
          },
        })
      }
    }

    constructor() {
      super()
      // Adopted, not a style element: a strict CSP (style-src 'self') allows constructed sheets.
      this.attachShadow({ mode: 'open' }).adoptedStyleSheets = sheets
    }

    // Mounted a microtask after connection, and unmounted a microtask after disconnection unless
    // connected again by then: moving the element in the page keeps its panel.
    connectedCallback() {
      queueMicrotask(() => {
        if (!this.isConnected || this.#panel) return
        // A property assigned before the element was defined hides the accessor; an attribute wins over it.
        const self = this as unknown as Record<Key, unknown>
        for (const key of KEYS) {
          if (!Object.hasOwn(this, key)) continue
          const value = self[key]
          delete self[key]
          if (!(key in this.#values)) self[key] = value
        }
        this.#panel = mount(Panel, { target: this.shadowRoot!, props: { host: this as unknown as WidgetElement } })
      })
    }

    disconnectedCallback() {
      queueMicrotask(() => {
        if (this.isConnected || !this.#panel) return
        void unmount(this.#panel)
        this.#panel = undefined
      })
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      ;(this as unknown as Record<Key, unknown>)[keyOf(name)] = value
    }

    registerClientExtractor(name: string, fn: ClientExtractor, options?: ExtractorOptions): void {
      this[REGISTRY].register(name, fn, options)
    }

    /** Merges translations into the current ones (through the `strings` property, so the panel updates). */
    setStrings(partial: Partial<WidgetStrings>): void {
      const self = this as unknown as WidgetProps
      self.strings = { ...parseStrings(self.strings), ...partial }
    }
  }
  return ChatbotWidgetElement as unknown as new () => WidgetElement
}

function builtInRegistry(): ExtractorRegistry {
  const registry = createExtractorRegistry()
  const snapshot = createPageSnapshot(document)
  registry.register(PAGE_SNAPSHOT, snapshot)
  registry.register(PAGE_SNAPSHOT_ALIAS, snapshot)
  return registry
}
