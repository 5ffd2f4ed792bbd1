import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { createConversationCookieHook } from './conversation-cookie.js'
import { registerFixture } from './fixture/route.js'
import { createWebMiddleware } from './middleware.js'
import { resolveWebOptions, webOptions, type WebPluginOptions } from './options.js'
import { createRenderHook } from './render.js'
import { createWebState } from './state.js'

/**
 * The `web` middleware group (session, encrypted cookies, CSRF, guest cross-check), the
 * conversation cookie, the guest identity at page render, and the test fixture when
 * `playwrightFixture.enabled` is on. See docs/security.md.
 */
export function webPlugin(options: WebPluginOptions = {}): ChatbotPlugin {
  const resolved = resolveWebOptions(options)
  return definePlugin({
    name: 'web',
    options: webOptions,
    setup(api: PluginApi) {
      const state = createWebState(api.chatbot, api.config, resolved)
      api.registerMiddleware('web', createWebMiddleware(state))
      if (api.config.playwrightFixture.enabled) registerFixture(api)
      // Hooked here rather than in `hooks`: the hooks need this chatbot's keys, and one plugin
      // object may be passed to several `createChatbot` calls.
      // Without `web` in `routeMiddleware` no cookie is ever set: the turn pays for no listener.
      if (state.active) api.hooks.hook('turn:start', createConversationCookieHook(state))
      api.hooks.hook('widget:render', createRenderHook(state))
    },
  })
}
