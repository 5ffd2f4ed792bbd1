import { resolve } from 'node:path'
import { ChatbotException } from '@chatbot-kit/kernel'
import type { Chatbot } from '@chatbot-kit/kernel'
import { loadChatbot } from '../config/load.js'
import { consola, dataConsola } from './console.js'

export const configArg = {
  config: { type: 'string', description: 'Config file (default: chatbot.config.ts in the working directory)', valueHint: 'file' },
} as const

export function configLocation(configFile: string | undefined): { cwd: string; configFile?: string } {
  const cwd = process.cwd()
  return configFile ? { cwd, configFile: resolve(cwd, configFile) } : { cwd }
}

/** The chatbot of a command whose stdout is data: unmigrated, logging to stderr only. */
export function loadChatbotForData(configFile: string | undefined): Promise<Chatbot> {
  return loadChatbot({ ...configLocation(configFile), migrate: false, logger: dataConsola.withTag('chatbot') })
}

export function parsePort(value: string | undefined, fallback = 3000): number {
  const port = value === undefined ? fallback : Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`--port must be a number from 0 to 65535, got "${value}"`)
  return port
}

/** Prints a one-line reason and exits non-zero; typed errors print their message and code. */
export function fail(reason: unknown, exitCode = 1): never {
  if (ChatbotException.isInstance(reason)) consola.error(`${reason.message} (${reason.code()})`)
  else if (reason instanceof Error) consola.error(reason.message)
  else consola.error(String(reason))
  process.exit(exitCode)
}

/** Runs `body`, turning any failure into a clear message and exit code 1. */
export async function guard<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body()
  } catch (error) {
    return fail(error)
  }
}

/** Two signals closer than this are one delivered twice (see onShutdown). */
const REPEAT_WINDOW_MS = 500

/**
 * On SIGINT/SIGTERM runs `close` (a graceful shutdown), then exits 0. A second signal exits at
 * once with 1, for whoever will not wait out the grace period. One arriving within
 * REPEAT_WINDOW_MS of the first is the same request delivered twice: the terminal signals the
 * whole process group on Ctrl-C, and a wrapper that forwards signals sends it to us again.
 */
export function onShutdown(close: () => Promise<void>): void {
  let firstAt: number | undefined
  const stop = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (performance.now() - firstAt < REPEAT_WINDOW_MS) return
      consola.warn(`${signal} again: exiting now, without waiting for replies in progress.`)
      process.exit(1)
    }
    firstAt = performance.now()
    close().then(
      () => process.exit(0),
      (error: unknown) => fail(error),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
