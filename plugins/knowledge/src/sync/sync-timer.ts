import type { PluginApi } from '@chatbot-kit/kernel'
import type { KnowledgeService } from '../knowledge-service.js'
import { summaryLine } from './sync-report.js'

/**
 * `knowledge.syncInterval` inside the server: every interval, one sync of every source. Several
 * instances may run it; each source's lease lets one of them work and the others skip. A sync
 * still running when the next is due is not doubled.
 */
export function startSyncTimer(api: PluginApi, syncKnowledge: KnowledgeService['syncKnowledge']): void {
  let running: Promise<unknown> | undefined
  let timer: ReturnType<typeof setInterval> | undefined
  const run = () =>
    (running ??= syncKnowledge()
      .then((reports) => reports.filter((report) => report.status !== 'busy').forEach((report) => api.logger.info(`Knowledge sync: ${summaryLine(report)}`)))
      .catch((error: unknown) => api.logger.warn('Knowledge sync failed:', error))
      .finally(() => (running = undefined)))
  api.hooks.hook('ready', () => {
    timer = setInterval(() => void run(), api.config.knowledge.syncInterval * 1000)
    timer.unref()
  })
  api.hooks.hook('close', async () => {
    clearInterval(timer)
    await running
  })
}
