import { asksAboutPage, contextReply, pageSections, sectionsMentioning } from './context-reply.js'
import { firstKnowledgeChunk, knowledgeReply } from './knowledge-reply.js'
import { helpReply, markdownReply, type RequestView } from './markdown-replies.js'
import { clip, lastUserText, trailingToolResults } from './messages.js'
import { withPace } from './pace.js'
import { derivePersona } from './persona.js'
import { readSystemPrompt } from './system-prompt.js'
import { argumentsFrom } from './tool-arguments.js'
import { matchTool } from './tool-match.js'
import { summarizeToolResults } from './tool-summary.js'
import type { DemoMessage, DemoProviderOptions, DemoReply, DemoResponder } from './types.js'
import { introOf, voiceOf } from './voice.js'

const SETUP = 'Set CHATBOT_API_KEY (and CHATBOT_BASE_URL for a provider other than the default) to talk to a real model.'
const GREETING = /^(hi|hello|hey|good (morning|afternoon|evening))\b/i
const HELP = /\b(help|what can you do|what do you do|who are you|what are you)\b/i
const MARKDOWN = /\b(markdown|formatting|code (block|sample|example))\b/i

/**
 * Replies that make sense without a network, in the voice of the channel's prompt (see
 * `derivePersona`): summarise tool results; greet; explain the product in Markdown ("help",
 * "what can you do?"); show Markdown; call a tool the question asks for, with arguments read
 * from it; answer from the first retrieved knowledge chunk, citing it `[1]`; quote the context
 * sections a question is about; else acknowledge the message and
 * explain how to reach a real model. `pace: 'human'` streams them at a reading pace.
 * With `tokensPerReply` every reply is exactly that many tokens (`tok0 tok1 …`), for benchmarks.
 */
export function createDefaultResponder(options: Pick<DemoProviderOptions, 'tokensPerReply' | 'pace'> = {}): DemoResponder {
  const { tokensPerReply, pace } = options
  if (tokensPerReply !== undefined) {
    // Built once: every connection shares the same string.
    const text = Array.from({ length: tokensPerReply }, (_, index) => `tok${index}`).join(' ')
    return () => ({ text })
  }
  return (request) => {
    const { instructions, sections } = readSystemPrompt(request.messages)
    const tools = request.tool_choice === 'none' ? [] : (request.tools ?? [])
    const view: RequestView = { persona: derivePersona(instructions), tools, sections }
    return withPace(reply(view, request.messages), pace)
  }
}

function reply(view: RequestView, messages: DemoMessage[]): DemoReply {
  const results = trailingToolResults(messages)
  if (results.length > 0) return { text: withClosing(view, summarizeToolResults(results, messages)) }
  const question = lastUserText(messages)
  // A question a tool answers wins over the canned replies: "hi, can you help with order 1042?".
  const tool = matchTool(question, view.tools)
  if (tool) return { toolCalls: [{ name: tool.function.name, arguments: argumentsFrom(tool, question) }] }
  if (question === '' || GREETING.test(question)) return { text: greet(view) }
  if (HELP.test(question)) return { text: helpReply(view) }
  if (MARKDOWN.test(question)) return { text: markdownReply(view.persona) }
  if (asksAboutPage(question)) return { text: contextReply(view.persona, pageSections(question, view.sections)) }
  const chunk = firstKnowledgeChunk(view.sections)
  if (chunk) return { text: knowledgeReply(view.persona, chunk) }
  const mentioned = sectionsMentioning(question, view.sections)
  if (mentioned) return { text: contextReply(view.persona, mentioned) }
  return { text: acknowledge(view, question) }
}

function greet({ persona }: RequestView): string {
  return `${voiceOf(persona).hello} ${introOf(persona)}Here I run on chatbot-kit's offline demo provider: ask me **what can you do?** to see streaming, Markdown and tools at work.`
}

function acknowledge({ persona }: RequestView, question: string): string {
  const quoted = `"${clip(question, 120)}"`
  const opening = question.endsWith('?') ? `Good question: ${quoted}.` : `You said ${quoted}.`
  return `${opening} ${introOf(persona)}On chatbot-kit's offline demo provider I can't really answer it, but ask me **what can you do?** to see what the product does. ${SETUP}`
}

function withClosing({ persona }: RequestView, text: string): string {
  const { closing } = voiceOf(persona)
  return closing ? `${text}\n\n${closing}` : text
}
