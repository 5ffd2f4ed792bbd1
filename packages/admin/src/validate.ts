import { isUuid } from '@chatbot-kit/kernel/plugin'
import { TRPCError } from '@trpc/server'

// Small hand-written input parsers (tRPC accepts any `(input: unknown) => T`); a failure is BAD_REQUEST.

export function fail(field: string, problem: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message: `${field} ${problem}` })
}

/** The input as an object with only `allowed` keys (undefined/null input reads as `{}`). */
export function object(input: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (input === undefined || input === null) return {}
  if (typeof input !== 'object' || Array.isArray(input)) fail('input', 'must be an object')
  for (const key of Object.keys(input)) if (!allowed.includes(key)) fail(key, 'is not a known field')
  return input as Record<string, unknown>
}

export function optionalString(value: unknown, field: string, maxLength = 500): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || value === '') fail(field, 'must be a non-empty string')
  if (value.length > maxLength) fail(field, `must be at most ${maxLength} characters`)
  return value
}

export function requiredString(value: unknown, field: string, maxLength = 500): string {
  return optionalString(value, field, maxLength) ?? fail(field, 'is required')
}

export function uuid(value: unknown, field: string): string {
  const text = requiredString(value, field, 36)
  if (!isUuid(text)) fail(field, 'must be a conversation UUID')
  return text.toLowerCase()
}

/** An ISO 8601 instant with a time zone (`2026-11-22T05:13:00Z`, `…+01:00`) or a bare day (`2026-11-22`, UTC). */
export function optionalInstant(value: unknown, field: string): Date | undefined {
  const text = optionalString(value, field, 40)
  if (text === undefined) return undefined
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(text)) fail(field, 'must be an ISO 8601 date or instant with an offset')
  const date = new Date(text)
  if (Number.isNaN(date.getTime())) fail(field, 'is not a valid date')
  return date
}

/** A UTC day, `YYYY-MM-DD`. */
export function optionalDay(value: unknown, field: string): string | undefined {
  const text = optionalString(value, field, 10)
  if (text === undefined) return undefined
  // Round-tripped: V8 reads `2026-02-30` as March 2nd rather than refusing it.
  const time = Date.parse(`${text}T00:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text) fail(field, 'must be a day, YYYY-MM-DD')
  return text
}

export function optionalInteger(value: unknown, field: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) fail(field, `must be a whole number from ${min} to ${max}`)
  return value
}

export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') fail(field, 'must be true or false')
  return value
}

/** A Standard Schema (which tRPC 11 accepts as an input parser) around a hand-written parse: `I` is what callers send. */
export interface InputSchema<I, O> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: 'chatbot-kit'
    validate(value: unknown): { value: O; issues?: undefined } | { issues: { message: string }[] }
    readonly types?: { readonly input: I; readonly output: O }
  }
}

export function inputSchema<I, O>(parse: (raw: unknown) => O): InputSchema<I, O> {
  return {
    '~standard': {
      version: 1,
      vendor: 'chatbot-kit',
      validate(value) {
        try {
          return { value: parse(value) }
        } catch (error) {
          return { issues: [{ message: error instanceof Error ? error.message : String(error) }] }
        }
      },
    },
  }
}

/** The page fields every list's input takes (`listInputRange`, `pageOf` read them). */
export interface ListPageInput {
  /** 1 to 200, default 50. */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

/** The fields every list's input takes besides its filters. */
export const LIST_FIELDS = ['since', 'until', 'limit', 'cursor', 'direction']

/**
 * The input of a cursor-paged list: its own `filters`, then the fields every list takes, a time
 * range (`since`, `until`) and `limit`, `cursor` (read with `pageOf`, after the filters). `direction`
 * is what tRPC's infinite queries add; it is accepted and ignored.
 */
export function listInputRange(raw: unknown, filters: readonly string[]): { input: Record<string, unknown>; since: Date | undefined; until: Date | undefined } {
  const input = object(raw, [...filters, ...LIST_FIELDS])
  const since = optionalInstant(input.since, 'since')
  const until = optionalInstant(input.until, 'until')
  if (since && until && since > until) fail('since', 'must not be after until')
  return { input, since, until }
}

/** A list's page: `limit` from 1 to `maxPage`, and the previous page's `nextCursor`. */
export function pageOf(input: Record<string, unknown>, maxPage: number): { limit: number | undefined; cursor: string | undefined } {
  return { limit: optionalInteger(input.limit, 'limit', 1, maxPage), cursor: optionalString(input.cursor, 'cursor', 100) }
}

/** Runs a list query; a cursor it cannot read (a `RangeError`) is the caller's BAD_REQUEST. */
export async function withCursorCheck<T>(list: () => Promise<T>): Promise<T> {
  try {
    return await list()
  } catch (error) {
    if (error instanceof RangeError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message })
    throw error
  }
}

const DAY_MS = 86_400_000
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)

/**
 * A range of UTC days from `from` and `to` (`YYYY-MM-DD`, both included): `to` defaults to
 * today and `from` to 29 days before it; at most `maxDays` long.
 */
export function dayRange(input: Record<string, unknown>, maxDays = Infinity): { from: string; to: string } {
  const to = optionalDay(input.to, 'to') ?? dayOf(Date.now())
  const from = optionalDay(input.from, 'from') ?? dayOf(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS)
  if (from > to) fail('from', 'must not be after to')
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > maxDays) fail('from', `must be at most ${maxDays} days before to, both included`)
  return { from, to }
}
