/**
 * The replay log: the exact frames of each reply in progress and of those that ended less than
 * `stream.resumeWindow` ago, so a resumed stream repeats them byte for byte, then follows the
 * live ones; plus the stop signal, which reaches whichever instance runs a reply. One
 * implementation per counter store: memory (one process) and Redis (every instance).
 */
export interface ReplyLog {
  /**
   * A reply's stream opened: it becomes its conversation's latest reply. Called once, right
   * before its first frame (seq 1) is appended. Synchronous: it runs on the turn's path.
   * `text` reads the reply's text so far: a log in this process may rebuild token frames from it.
   */
  begin(replyId: string, conversationId: string, text?: () => string): void
  /**
   * The reply's next frame, `seq` counting from 1 with no gaps; `terminal` for its `done` or
   * `error` frame, after which nothing more is appended. Synchronous and never throws: it runs
   * once per token (Redis batches the writes; a failure is logged, never fails the turn).
   * `token` is a token event's content (already appended to the reply's text).
   */
  append(replyId: string, seq: number, frame: string, terminal: boolean, token?: string): void
  /** The conversation's latest reply while the log holds it (in progress, or ended within the window). */
  latest(conversationId: string): Promise<string | undefined>
  /** Whether the log holds the reply, and whether its terminal frame was appended. */
  status(replyId: string): Promise<'streaming' | 'ended' | undefined>
  /**
   * The frames after `afterSeq` (all for 0), then each live one as it is appended, each once
   * and in order, until the terminal frame (then `onEnd`) or `close()`. Resolves `undefined`
   * when the log does not hold the reply.
   */
  follow(replyId: string, afterSeq: number, onFrame: (frame: string, seq: number) => void, onEnd: () => void): Promise<ReplyFollower | undefined>
  /**
   * Ends a reply whose instance died (kill -9): appends `frame(nextSeq)` as its terminal frame,
   * unless it already has one. Returns whether it appended.
   */
  interrupt(replyId: string, frame: (seq: number) => string): Promise<boolean>
  /**
   * Appends `frame(seq)` at the reply's next seq from any instance, beginning it (as the
   * conversation's latest) when the log does not hold it: events no turn runs, written by
   * whichever instance gets them (a handoff's). While it has no terminal frame it stays
   * `lifetimeSeconds` after its last frame. Resolves the seq, or undefined once it ended.
   */
  appendNext(replyId: string, conversationId: string, frame: (seq: number) => string, options: { terminal: boolean; lifetimeSeconds: number }): Promise<number | undefined>
  /** While pinned (up to `lifetimeSeconds`), `latest` is this reply whatever replies begin since; `undefined` unpins. */
  pin(conversationId: string, replyId: string | undefined, lifetimeSeconds?: number): Promise<void>
  /** Asks whichever instance runs the reply to stop it (its `onStop` handler runs there). */
  requestStop(replyId: string): Promise<void>
  /** Runs `handler` for every stop request, from this instance or another. */
  onStop(handler: (replyId: string) => void): void
  close(): Promise<void>
}

export interface ReplyFollower {
  close(): void
}

export interface ReplyLogOptions {
  /** Seconds an ended reply stays (`stream.resumeWindow`). */
  resumeWindowSeconds: number
  /** Seconds a reply with no terminal frame stays after its last frame (its instance died). */
  abandonedAfterSeconds: number
  logger: { warn(message: string, ...rest: unknown[]): void; info(message: string): void }
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotServices {
    /** The replay log every `GET /conversations/{id}/stream` follows (the replies plugin). */
    replyLog(): ReplyLog
  }
}
