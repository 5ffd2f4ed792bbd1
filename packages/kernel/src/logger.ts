import type { ConsolaInstance } from 'consola'

/**
 * consola with its fancy reporter (icons, colours) when output is a terminal, and its basic
 * reporter (plain `[level] [tag] message` lines) when it goes to a pipe or a file: a process
 * manager, a container, a log collector. The fancy reporter is then not even loaded, which is
 * about 30 ms of start-up.
 */
export async function loadConsola(): Promise<ConsolaInstance> {
  const { consola } = process.stdout.isTTY ? await import('consola') : await import('consola/basic')
  return consola
}
