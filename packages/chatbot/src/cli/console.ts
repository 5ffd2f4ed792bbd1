import { loadConsola } from '@chatbot-kit/kernel'

/** The CLI's output: fancy in a terminal, plain lines in a pipe (see `loadConsola`). */
export const consola = await loadConsola()

/**
 * For commands whose stdout is data (`envelope`, `conversations`): every log line, the chatbot's
 * and its plugins' included, goes to stderr, so `TOKEN=$(npx chatbot envelope …)` captures the data only.
 */
export const dataConsola = consola.create({ stdout: process.stderr })
