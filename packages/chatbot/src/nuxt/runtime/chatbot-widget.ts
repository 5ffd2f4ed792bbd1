import { computed, defineComponent, h, onMounted, onServerPrefetch, type PropType } from 'vue'
import { useHead, useRequestEvent, useRoute, useState } from 'nuxt/app'
import { RENDER_WIDGET_VIEW, type RenderWidgetView, type WidgetView } from '../../nitro/runtime/widget-view.js'

/**
 * `<ChatbotWidget channel="…" route="…">`: the `<chatbot-widget>` element with an envelope minted
 * while the page renders on the server (for the user the config's `identify` returns, else a
 * guest), its script and the CSRF meta tag. The server's answer travels in the Nuxt payload, so
 * hydration sees the same element; nothing here imports server code.
 */
export default defineComponent({
  name: 'ChatbotWidget',
  props: {
    channel: { type: String, default: 'default' },
    /** The host route name bound into the envelope; default: the page's path. */
    route: { type: String, default: undefined },
    title: { type: String, default: undefined },
    position: { type: String as PropType<'bottom-right' | 'bottom-left' | 'inline'>, default: undefined },
  },
  setup(props) {
    const route = props.route ?? useRoute().path
    const view = useState<WidgetView | null>(`chatbot-widget:${props.channel}:${route}`, () => null)
    const event = useRequestEvent()
    onServerPrefetch(async () => {
      if (view.value) return
      const render = (event?.context as Record<symbol, RenderWidgetView | undefined> | undefined)?.[RENDER_WIDGET_VIEW]
      if (!render) throw new Error('<ChatbotWidget> needs the chatbot-kit module: add "chatbot-kit/nuxt" to `modules` in nuxt.config.ts.')
      try {
        view.value = await render({ channel: props.channel, route, title: props.title, position: props.position })
      } catch (error) {
        // The page renders without the widget rather than failing with the chatbot (an unknown channel, a chatbot that did not start).
        console.error(`[chatbot] <ChatbotWidget channel="${props.channel}"> was not rendered:`, error)
      }
    })
    onMounted(() => {
      // First mounted in the browser (client-side navigation), or the server's render failed.
      if (!view.value) console.warn(`<ChatbotWidget channel="${props.channel}"> has no envelope: it was not rendered on the server (put it in app.vue or a layout, or reach its page by a full page load), or rendering failed (see the server log).`)
    })
    useHead(
      computed(() => ({
        script: view.value ? [{ key: 'chatbot-widget', type: 'module', src: view.value.script }] : [],
        meta: view.value?.csrfToken ? [{ key: 'csrf-token', name: 'csrf-token', content: view.value.csrfToken }] : [],
      })),
    )
    return () => (view.value ? h('chatbot-widget', view.value.attributes) : null)
  },
})
