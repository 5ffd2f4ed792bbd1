const MARKER = Symbol.for('chatbot-kit.stores-error')

/** What went wrong, as the chatbot maps it: each kind is one stable error code of the kernel. */
export type StoresFailureKind = 'config' | 'counters_unavailable' | 'database_unavailable' | 'driver_missing' | 'table_conflict'

export interface StoresErrorDetails {
  kind: StoresFailureKind
  /** Our own short words (never a driver's message, which can name hosts): the problem or the reason. */
  reason: string
  /** `config`: the setting at fault (`database`, `database.schema`, `storage`). */
  key?: string
  /** `driver_missing`: the npm package to install; `purpose` says what asked for it. */
  driver?: string
  purpose?: string
  /** `table_conflict`: the table that is not ours, its Postgres schema, and the prefix in use. */
  table?: string
  schema?: string
  tablePrefix?: string
  cause?: unknown
}

/**
 * A store could not be opened or did not answer. `message` is safe to show an end user; the
 * driver's error is `cause`. The fields say what a caller needs to map it to its own error.
 */
export class StoresError extends Error {
  override readonly name = 'StoresError'
  readonly details: Readonly<Omit<StoresErrorDetails, 'cause'>>

  constructor(message: string, { cause, ...details }: StoresErrorDetails) {
    super(message, cause === undefined ? undefined : { cause })
    this.details = details
    Object.defineProperty(this, MARKER, { value: true })
  }

  get kind(): StoresFailureKind {
    return this.details.kind
  }

  /** True for a `StoresError`, also one from another copy of this package (another realm or version). */
  static isInstance(value: unknown): value is StoresError {
    return typeof value === 'object' && value !== null && MARKER in value
  }
}
