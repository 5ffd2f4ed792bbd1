import type { Persona } from './persona.js'
import type { PromptSection } from './system-prompt.js'
import type { DemoTool } from './types.js'
import { introOf, voiceOf } from './voice.js'

/** What the demo shows of a request: the tools it was offered and the context it was sent. */
export interface RequestView {
  persona: Persona
  tools: DemoTool[]
  sections: PromptSection[]
}

const FENCE = '```'

/**
 * "What can you do?": what the product around the scripted words does, with this channel's
 * tools and this message's context sections, as a Markdown list, a code block and links.
 */
export function helpReply({ persona, tools, sections }: RequestView): string {
  const voice = voiceOf(persona)
  const toolLine = tools.length
    ? `on this channel I may call ${tools.map((tool) => `\`${tool.function.name}\``).join(', ')}; ask in your own words and I pick the one that fits.`
    : 'none are offered on this channel.'
  const from = (source: string) =>
    sections
      .filter((section) => section.source === source)
      .map((section) => `\`${section.name}\``)
      .join(', ')
  const [server, client] = [from('server'), from('client')]
  const contextLine =
    server || client
      ? `this message came with ${[server && `${server} from the server`, client && `${client} from your browser`].filter(Boolean).join(' and ')}. Ask me *"what is on this page?"*`
      : 'none came with this message.'
  return [
    `${voice.sure} ${introOf(persona)}Here I run on chatbot-kit's **offline demo provider**: my words are scripted, everything around them is the real product.`,
    '',
    '- **Streaming**: this answer arrives word by word, as server-sent events.',
    `- **Tools**: ${toolLine}`,
    `- **Context**: ${contextLine}`,
    '- **Markdown**: lists, code and links. Ask me to *"show me Markdown"*.',
    '',
    'For real answers, put a key from [OpenAI](https://platform.openai.com/api-keys) in `.env` (or a `CHATBOT_BASE_URL` of another OpenAI-compatible server, such as [Ollama](https://ollama.com)) and restart:',
    '',
    `${FENCE}sh`,
    'CHATBOT_API_KEY=sk-…',
    FENCE,
    ...(voice.closing ? ['', voice.closing] : []),
  ].join('\n')
}

/** "Show me Markdown": every construct the widget renders, in one reply. */
export function markdownReply(persona: Persona): string {
  return [
    `${voiceOf(persona).sure} This is the Markdown the widget renders. It builds elements from an allowlist and never parses HTML.`,
    '',
    '**Bold**, *italic*, `inline code` and [links](https://commonmark.org) (http, https and mailto only).',
    '',
    '1. Numbered lists',
    '2. Bullet lists, nested:',
    '   - one level',
    '   - or more',
    '',
    'Fenced code keeps its lines:',
    '',
    `${FENCE}html`,
    '<chatbot-widget channel="support" signed-context="…"></chatbot-widget>',
    FENCE,
  ].join('\n')
}
