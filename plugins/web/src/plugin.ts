import { definePlugin, type ChatbotPlugin } from '@chatbot-kit/kernel'
import { registerFixture } from './fixture/route.js'
import { createWebMiddleware } from './middleware.js'
import { resolveWebOptions, type WebPluginOptions } from './options.js'
import { createRenderHook } from './render.js'
import { createWebState } from './state.js'

/**
 * The `web` middleware group (session, encrypted cookies, CSRF, guest cross-check), the guest
 * identity at page render, and the test fixture when `playwrightFixture.enabled` is on.
 * See docs/security.md.
 */
export function webPlugin(options: WebPluginOptions = {}): ChatbotPlugin {
  const resolved = resolveWebOptions(options)
  return definePlugin({
    name: 'web',
    setup(chatbot) {
      const state = createWebState(chatbot, resolved)
      chatbot.registerMiddleware('web', createWebMiddleware(state))
      if (chatbot.config.playwrightFixture.enabled) registerFixture(chatbot)
      // Hooked here rather than in `hooks`: the hook needs this chatbot's keys, and one plugin
      // object may be passed to several `createChatbot` calls.
      chatbot.hooks.hook('widget:render', createRenderHook(state))
    },
  })
}
