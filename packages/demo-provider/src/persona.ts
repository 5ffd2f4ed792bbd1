/** Who the demo speaks as on a channel, read from the prompt the host gave it. */
export interface Persona {
  /** The prompt's "You are …" sentence in the first person ("I'm Max from ACME support."), if any. */
  intro: string | undefined
  /** From the prompt's wording: "cheerful", "friendly" → warm; "formal", "polite" → formal. */
  tone: 'warm' | 'formal' | 'neutral'
}

const ROLE = /(?:^|[.!?]\s+)(You (?:are|help|answer|work|assist|handle|look)\b[^.!?\n]*[.!?]?)/
const WARM = /\b(cheerful|friendly|warm|casual|playful|enthusiastic)\b/i
const FORMAL = /\b(formal|formally|polite|politely|professional)\b/i

/**
 * The persona of a channel, derived from the instruction paragraphs of the system prompt. The
 * kernel writes the base prompt first and the channel's prompt after it, so the last paragraph
 * holding a "You are …" (or "You help …") sentence is the most specific one: the channel's
 * when it has one. That sentence, put in the first person, introduces the demo's answers; tone
 * words anywhere in the instructions pick how it opens and closes them.
 */
export function derivePersona(instructions: string[]): Persona {
  let intro: string | undefined
  for (const paragraph of instructions.toReversed()) {
    const sentence = ROLE.exec(paragraph)?.[1]
    if (sentence) {
      intro = firstPerson(sentence)
      break
    }
  }
  const all = instructions.join('\n')
  const tone = FORMAL.test(all) ? 'formal' : WARM.test(all) ? 'warm' : 'neutral'
  return { intro, tone }
}

/** "You are Max from ACME support, your helper" → "I'm Max from ACME support, my helper." */
function firstPerson(sentence: string): string {
  const text = sentence
    .trim()
    .replace(/^You are\b/, "I'm")
    .replace(/^You\b/, 'I')
    .replace(/\byours\b/gi, 'mine')
    .replace(/\byour\b/gi, 'my')
  return /[.!?]$/.test(text) ? text : `${text}.`
}
