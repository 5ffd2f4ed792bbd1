import { loadConsola } from '@chatbot-kit/kernel'

/** The CLI's output: fancy in a terminal, plain lines in a pipe (see `loadConsola`). */
export const consola = await loadConsola()
