type Counter = (text: string) => number

let counter: Counter | undefined
let loading: Promise<Counter> | undefined

/**
 * The o200k tokenizer (GPT-4o family) takes ~300 ms to load, so it loads in the background
 * after start-up and the first turn waits for it; later calls are synchronous.
 */
export function loadTokenizer(): Promise<Counter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => {
    // Special-token text (`<|endoftext|>`, `<|im_start|>` …) in a message, a page or a reply is
    // plain text to us: the default refuses it with a throw, which broke whole turns.
    const plain = { disallowedSpecial: new Set<string>() }
    counter = (text) => module.countTokens(text, plain)
    return counter
  })
  return loading
}

/** Tokens of `text`; `loadTokenizer()` must have resolved. */
export function countTokens(text: string): number {
  if (!counter) throw new Error('The tokenizer is not loaded yet; await loadTokenizer() first.')
  return counter(text)
}

/** Per-message framing the chat format adds around each message's content. */
export const MESSAGE_OVERHEAD_TOKENS = 4
