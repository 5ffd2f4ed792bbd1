import type { ReplyFollower, ReplyLogOptions } from './types.js'

interface Follower {
  onFrame: (frame: string, seq: number) => void
  onEnd: () => void
}

/** The live followers of one reply in the memory log. */
export interface Followers {
  add(onFrame: Follower['onFrame'], onEnd: Follower['onEnd']): ReplyFollower
  /** Hands a new frame to each follower; after the terminal one, ends them all. */
  deliver(frame: string, seq: number, terminal: boolean): void
  /** Ends them all (the reply was dropped, or the log closed). */
  end(): void
}

/**
 * Followers are called on the turn's path (`append` runs once per token): one that throws is
 * dropped and logged, never lets the error reach the turn or the other followers.
 */
export function createFollowers(logger: ReplyLogOptions['logger']): Followers {
  const followers = new Set<Follower>()
  const guarded = (follower: Follower, call: () => void) => {
    try {
      call()
    } catch (error) {
      followers.delete(follower)
      logger.warn('A replay log follower failed; it gets no more frames.', error)
    }
  }
  const end = () => {
    const ending = [...followers]
    followers.clear()
    for (const follower of ending) guarded(follower, follower.onEnd)
  }

  return {
    add(onFrame, onEnd) {
      const follower = { onFrame, onEnd }
      followers.add(follower)
      return { close: () => void followers.delete(follower) }
    },
    deliver(frame, seq, terminal) {
      for (const follower of followers) guarded(follower, () => follower.onFrame(frame, seq))
      if (terminal) end()
    },
    end,
  }
}
