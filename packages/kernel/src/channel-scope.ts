import type { RenderTarget } from './widget-target.js'
import type { ChannelConfig } from './config/types.js'
import type { ContextValue } from './turn/types.js'
import type { RenderedWidget, RenderWidgetOptions } from './widget-render.js'

/** The fluent per-channel scope: `chatbot.channel('support').prompt(…).greeting(…)`. Beats the config. */
export interface ChannelScope {
  readonly name: string
  prompt(text: string): ChannelScope
  greeting(text: string): ChannelScope
  summary(value: string | (() => string)): ChannelScope
  /** The tool names callable on this channel (replaces the tools plugin's `allowedTools`). */
  tools(names: string[]): ChannelScope
  /** Per tool, `'required'` (the user approves each call) or `'auto'` (replaces the tools plugin's `toolApproval`). */
  toolApproval(policies: Record<string, 'auto' | 'required'>): ChannelScope
  /** The knowledge sources this channel searches (replaces the knowledge plugin's `knowledge`; `[]`: none). */
  knowledge(sources: string[]): ChannelScope
  context(name: string, value: ContextValue): ChannelScope
  renderWidget(target: RenderTarget, options?: Omit<RenderWidgetOptions, 'channel'>): Promise<RenderedWidget>
}

export function createChannelScope(
  name: string,
  override: (patch: ChannelConfig) => void,
  contexts: Map<string, ContextValue>,
  render: (target: RenderTarget, options: RenderWidgetOptions) => Promise<RenderedWidget>,
): ChannelScope {
  const scope: ChannelScope = {
    name,
    prompt: (prompt) => (override({ prompt }), scope),
    greeting: (greeting) => (override({ greeting }), scope),
    summary: (summary) => (override({ summary }), scope),
    // The spec's scope method; the key belongs to the tools plugin, which declares it per channel.
    tools: (allowedTools) => (override({ allowedTools: [...allowedTools] } as ChannelConfig), scope),
    toolApproval: (policies) => (override({ toolApproval: { ...policies } } as ChannelConfig), scope),
    // The key belongs to the knowledge plugin, which declares it per channel.
    knowledge: (sources) => (override({ knowledge: [...sources] } as ChannelConfig), scope),
    context: (section, value) => (contexts.set(section, value), scope),
    renderWidget: (event, options = {}) => render(event, { ...options, channel: name }),
  }
  return scope
}
