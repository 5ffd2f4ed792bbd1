import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { EmbeddingModel } from '../embeddings/embedding-client.js'
import { ChatbotKnowledgeEmbeddingException } from '../errors.js'
import type { VectorHit } from './similarity-index.js'
import type { VectorRows } from './vector-rows.js'

export type ThreadRequest =
  | { kind: 'load'; signature: string; rows: VectorRows }
  /** Embeds `question` (unless `vector` is given), then scans for the best `limit` of `sources` (none: embeds only). */
  | { kind: 'scan'; id: number; question?: string; vector?: Float32Array; sources: string[]; limit: number }

export type ThreadReply = { id: number; vector: Float32Array; signature?: string; hits?: VectorHit[] } | { id: number; error: string }

/** Why a call to the thread failed when the thread itself did (it could not start, or stopped): the caller searches on its own thread. */
export class VectorThreadStopped extends Error {}

/** The built worker: beside the package's compiled files, found through the package's own name, from its bundle and its sources (the tests) alike. */
export const vectorWorkerFile = (): URL => new URL('./retrieval/vector-worker.js', pathToFileURL(createRequire(import.meta.url).resolve('@chatbot-kit/plugin-knowledge')))

/**
 * A worker thread that holds the vectors and embeds a turn's question. On the main thread the
 * answer's read, its parse and the scan of every vector (10 MB at 10,000 chunks of 256
 * dimensions) came after the full-text search, which is synchronous on SQLite: here they run
 * beside it, on another core (docs/knowledge.md, "Speed"). Started with the first call; unref'd,
 * so it never holds a process open. Once it fails it stays failed: callers then search on their
 * own thread (`stopped`).
 */
export function createVectorThread(model: EmbeddingModel, file: () => URL = vectorWorkerFile) {
  let worker: Worker | undefined
  let stopped: Error | undefined
  let loadedSignature: string | undefined
  let next = 0
  const waiting = new Map<number, { resolve: (reply: Extract<ThreadReply, { vector: Float32Array }>) => void; reject: (error: Error) => void }>()

  function stop(error: Error) {
    stopped ??= error
    worker = undefined
    for (const { reject } of waiting.values()) reject(new VectorThreadStopped(`The knowledge vector thread stopped: ${error.message}`))
    waiting.clear()
  }

  function started(): Worker {
    if (worker) return worker
    if (stopped) throw new VectorThreadStopped(`The knowledge vector thread stopped: ${stopped.message}`)
    try {
      worker = new Worker(file(), { workerData: { model } })
    } catch (error) {
      stop(error as Error)
      throw new VectorThreadStopped(`The knowledge vector thread could not start: ${(error as Error).message}`)
    }
    worker.unref()
    worker.on('message', (reply: ThreadReply) => {
      const call = waiting.get(reply.id)
      waiting.delete(reply.id)
      if ('error' in reply) call?.reject(new ChatbotKnowledgeEmbeddingException(reply.error))
      else call?.resolve(reply)
    })
    worker.on('error', stop)
    worker.on('exit', (code) => stop(new Error(`it exited with code ${code}`)))
    return worker
  }

  return {
    /** Why the thread cannot be used (undefined while it can). */
    get stopped() {
      return stopped
    },
    /** The signature (vector-index.ts' vectorSignature) of the rows the thread holds. */
    get loadedSignature() {
      return loadedSignature
    },
    /** Hands the thread `rows` (their arrays move there: the caller must not use them again). */
    load(signature: string, rows: VectorRows) {
      started().postMessage({ kind: 'load', signature, rows } satisfies ThreadRequest, [rows.ids.buffer, rows.vectors.buffer] as ArrayBuffer[])
      loadedSignature = signature
    },
    /** `question` embedded (or `vector` as given), and with `sources` the best `limit` of the rows the thread holds with their signature. */
    scan(query: string | Float32Array, sources: string[], limit: number): Promise<Extract<ThreadReply, { vector: Float32Array }>> {
      return new Promise((resolve, reject) => {
        const id = ++next
        const request = { kind: 'scan' as const, id, sources, limit, ...(typeof query === 'string' ? { question: query } : { vector: query }) }
        started().postMessage(request satisfies ThreadRequest)
        waiting.set(id, { resolve, reject })
      })
    },
    async close() {
      const running = worker
      stop(new Error('the knowledge plugin closed'))
      await running?.terminate()
    },
  }
}

export type VectorThread = ReturnType<typeof createVectorThread>
