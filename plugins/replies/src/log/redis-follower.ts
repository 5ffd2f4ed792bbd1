import type { ReplyLogOptions } from './types.js'

/** A batch as published by the append script. */
export type PublishedBatch = [firstSeq: number, terminal: 0 | 1, frames: string[]]

/** What the log stores of a reply, read in one transaction with its state. */
export interface StoredReply {
  ended: boolean
  /** The frames after the seq asked for. */
  frames: string[]
}

export interface RedisFollower {
  /** A batch from the reply's channel; those that arrive while the stored frames are read wait. */
  onBatch(batch: PublishedBatch): void
  /** The stored frames, read after subscribing: delivered, then the batches that waited. */
  start(stored: StoredReply): void
  /** Ends the follow (after `start`, if it has not come yet): `onEnd` runs, and `release` once. */
  end(): void
  close(): void
}

/**
 * One follower on another connection than the writer's. It subscribes first and reads the stored
 * frames second, so every frame comes at least once; seqs make it exactly once and in order.
 * A hole (frames published while the subscriber was cut off) ends the follow rather than skip:
 * its client resumes from the last frame it got.
 */
export function createRedisFollower(
  afterSeq: number,
  onFrame: (frame: string, seq: number) => void,
  onEnd: () => void,
  release: () => void,
  logger: ReplyLogOptions['logger'],
): RedisFollower {
  let last = Math.max(0, afterSeq)
  let waiting: PublishedBatch[] | undefined = []
  let done = false
  // Ended before the stored frames came: they still go out, then it ends.
  let endWhenStarted = false

  const finish = (notify: boolean) => {
    if (done) return
    done = true
    release()
    if (notify) guarded(onEnd)
  }
  const guarded = (call: () => void) => {
    try {
      call()
      return true
    } catch (error) {
      logger.warn('A replay log follower failed; it gets no more frames.', error)
      finish(false)
      return false
    }
  }
  const deliver = ([firstSeq, terminal, frames]: PublishedBatch) => {
    for (const [index, frame] of frames.entries()) {
      const seq = firstSeq + index
      if (seq <= last) continue
      if (seq > last + 1) return finish(true)
      last = seq
      if (!guarded(() => onFrame(frame, seq))) return
    }
    if (terminal && last >= firstSeq + frames.length - 1) finish(true)
  }

  return {
    onBatch(batch) {
      if (done) return
      if (waiting) waiting.push(batch)
      else deliver(batch)
    },
    start({ ended, frames }) {
      if (done) return
      const pending = waiting ?? []
      waiting = undefined
      deliver([last + 1, ended ? 1 : 0, frames])
      for (const batch of pending) if (!done) deliver(batch)
      if (endWhenStarted) finish(true)
    },
    end() {
      if (waiting) endWhenStarted = true
      else finish(true)
    },
    close: () => finish(false),
  }
}
