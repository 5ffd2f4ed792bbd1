import { fileURLToPath } from 'node:url'
import { addComponent, defineNuxtModule } from '@nuxt/kit'
import type { Nuxt, NuxtModule } from 'nuxt/schema'
import type { NitroConfig } from 'nitropack'
// Declares Nuxt's `nitro:config` hook.
import type {} from '@nuxt/nitro-server'
import { createChatbotNitroModule } from '../nitro/module.js'

// A type, not an interface: Nuxt's `ModuleOptions` constraint needs an index-compatible shape.
export type ChatbotNuxtOptions = {
  /** The path every chatbot route is mounted under (default `/chatbot`). */
  base: string
}

/**
 * The Nuxt 4 module: Nitro runs the chatbot (chatbot-kit's Nitro module: routes under `base`,
 * `chatbot.config.*` from the app's root, closed on shutdown), and `<ChatbotWidget>` renders the
 * widget with an envelope minted during server rendering.
 */
const chatbotKit: NuxtModule<ChatbotNuxtOptions> = defineNuxtModule<ChatbotNuxtOptions>({
  meta: { name: 'chatbot-kit', configKey: 'chatbot', compatibility: { nuxt: '>=4.0.0' } },
  defaults: { base: '/chatbot' },
  setup(options: ChatbotNuxtOptions, nuxt: Nuxt) {
    const nitroModule = createChatbotNitroModule({ base: options.base })
    nuxt.hook('nitro:config', (config: NitroConfig) => {
      config.modules = [...(config.modules ?? []), nitroModule]
    })
    addComponent({ name: 'ChatbotWidget', filePath: fileURLToPath(new URL('./runtime/chatbot-widget.js', import.meta.url)) })
    // A custom element, not a Vue component to resolve.
    const isCustomElement = nuxt.options.vue.compilerOptions.isCustomElement
    nuxt.options.vue.compilerOptions.isCustomElement = (tag: string) => tag === 'chatbot-widget' || isCustomElement?.(tag) === true
  },
})

export default chatbotKit
