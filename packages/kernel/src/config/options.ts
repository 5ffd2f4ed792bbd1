import { ChatbotConfigException } from '../errors/start-up.js'

/** How an environment variable's text becomes a value; throws naming the variable. */
export type EnvParser = (raw: string, env: string) => unknown

/**
 * One config key as its owner declares it. The path is the key in `OptionDeclarations`
 * (`'throttle.perMinute'`); the same spec serves defaults, env, validation, the unknown-key warning,
 * the file `chatbot install` writes and the check of docs/configuration.md.
 */
export interface OptionSpec {
  /** The value when nothing sets it; `undefined` leaves the key unset. Arrays and objects are copied per config. */
  default: unknown
  /** Throws `ChatbotConfigException` naming `key` when `value` is not acceptable. */
  check(value: unknown, key: string): void
  /** The environment variable that beats the config file, and how to read it. */
  env?: { name: string; parse: EnvParser }
  /**
   * A per-channel key too. `true`: a channel without it takes the top-level value. `'own'`: the
   * channel's value stands alone (`prompt` is added after the base one). `'only'`: it exists only
   * in channel blocks, and a channel without it gets `default`.
   */
  channel?: true | 'own' | 'only'
  /** One line for the file `chatbot install` writes. */
  doc: string
  /** Written by `chatbot install` as a comment instead of a value (a function, a secret). */
  example?: string
  /** A map of free names (`middleware`): its keys are never warned about. */
  record?: true
}

/** A plugin's (or the kernel's) keys by dotted path. */
export type OptionDeclarations = Readonly<Record<string, OptionSpec>>

/** Typed identity helper for a declaration. */
export const defineOptions = <const D extends OptionDeclarations>(declarations: D): D => declarations

/** What a config resolve needs of a plugin: its name and the keys it declares. */
export interface OptionOwner {
  name: string
  options?: OptionDeclarations
}

const fail = (key: string, problem: string): never => {
  throw new ChatbotConfigException(key, problem)
}

export const parseInt: EnvParser = (raw, env) => (/^-?\d+$/.test(raw.trim()) ? Number(raw) : fail(env, `expected a whole number, got "${raw}"`))
export const parseBool: EnvParser = (raw, env) => {
  if (/^(1|true|yes|on)$/i.test(raw.trim())) return true
  if (/^(0|false|no|off)$/i.test(raw.trim())) return false
  return fail(env, `expected true or false, got "${raw}"`)
}
const parseText: EnvParser = (raw) => raw
/** A comma list; an empty variable is an empty list. */
export const parseList: EnvParser = (raw) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
/** `null`, `none` or an empty variable is `null`. */
const parseNullableInt: EnvParser = (raw, env) => (/^(null|none|)$/i.test(raw.trim()) ? null : parseInt(raw, env))
/** Parsers that give an empty variable a meaning; for the others an empty variable is unset. */
export const READS_EMPTY: ReadonlySet<EnvParser> = new Set([parseList, parseNullableInt])

type Extra = Partial<Pick<OptionSpec, 'channel' | 'example'>> & { env?: string; doc: string }

/** The spec from a builder's parts; `extra.env` names the variable read with `parse`. */
function spec(extra: Extra, value: unknown, check: OptionSpec['check'], parse?: EnvParser): OptionSpec {
  const { env, doc, channel, example } = extra
  return { default: value, check, doc, channel, example, env: env && parse ? { name: env, parse } : undefined }
}

export function assertCount(key: string, value: unknown, minimum: number, maximum = Number.MAX_SAFE_INTEGER): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum || value > maximum) {
    fail(key, `expected a whole number from ${minimum} to ${maximum.toLocaleString('en-US')}, got ${JSON.stringify(value)}`)
  }
}

/** A whole number from `min` to `max`. */
export const count = (value: number, min: number, max: number, extra: Extra): OptionSpec =>
  spec(extra, value, (v, key) => assertCount(key, v, min, max), parseInt)

/** A whole number, or `null` for "keep forever" / "no limit". */
export const nullableCount = (value: number | null, min: number, max: number, extra: Extra): OptionSpec =>
  spec(extra, value, (v, key) => v === null || assertCount(key, v, min, max), parseNullableInt)

export const flag = (value: boolean, extra: Extra): OptionSpec =>
  spec(extra, value, (v, key) => typeof v === 'boolean' || fail(key, 'expected true or false'), parseBool)

/** A string; `allowEmpty` accepts `''` and blanks, `pattern` adds a shape. */
export const text = (value: string | undefined, extra: Extra & { allowEmpty?: boolean; pattern?: [RegExp, string] }): OptionSpec =>
  spec(
    extra,
    value,
    (v, key) => {
      // A shaped value (a path, a name) is described by its shape, whatever it was given.
      if (extra.pattern && !(typeof v === 'string' && extra.pattern[0].test(v))) fail(key, `expected ${extra.pattern[1]}, got ${JSON.stringify(v)}`)
      if (typeof v !== 'string' || (!extra.allowEmpty && v.trim() === '')) fail(key, `expected a non-empty string, got ${JSON.stringify(v)}`)
    },
    parseText,
  )

/** A list of non-empty strings. */
export const list = (value: string[], extra: Extra): OptionSpec =>
  spec(extra, value, (v, key) => (Array.isArray(v) && v.every((item) => typeof item === 'string' && item !== '')) || fail(key, 'expected a list of non-empty strings'), parseList)

/** A function (config file only); `null` counts as unset. `what` names it in the error (`a fetch function`). */
export const callback = (extra: Extra & { what?: string }): OptionSpec =>
  spec(extra, undefined, (v, key) => v === undefined || v === null || typeof v === 'function' || fail(key, `expected ${extra.what ?? 'a function'}`))

/** A map of free names (`middleware`), whose keys are never warned about. */
export const record = (extra: Extra): OptionSpec => ({ ...spec(extra, {}, () => undefined), record: true })
