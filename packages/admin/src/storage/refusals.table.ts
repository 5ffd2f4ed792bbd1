/**
 * Row shape of `admin_refusals`: how many requests were refused per UTC day, channel and error
 * code. One row each, counts added by upsert: a flood of refusals updates a row, never adds one.
 */
export interface RefusalsTable {
  day: string
  /** '' when the refusal came before the channel was known (an invalid envelope). */
  channel: string
  code: string
  count: number | string
}
