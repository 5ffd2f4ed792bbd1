import { ChatbotConfigException, defineOptions, type OptionSpec } from '@chatbot-kit/kernel'
import type { Driver } from 'unstorage'

const MIB = 1024 * 1024
/** The most bytes one file may be, whatever a channel asks: the whole file is held in memory once. */
export const MAX_FILE_BYTES = 50 * MIB
/** The most files one message may carry, whatever a channel asks. */
export const MAX_FILES = 20

/** A channel's attachments, with every default filled in. */
export interface AttachmentSettings {
  enabled: boolean
  /** MIME patterns: `image/png`, `image/*`, `text/*`. */
  types: string[]
  maxBytes: number
  maxFiles: number
}

export const DEFAULT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']
export const DEFAULTS: AttachmentSettings = { enabled: false, types: DEFAULT_TYPES, maxBytes: 5 * MIB, maxFiles: 4 }

const fail = (key: string, problem: string): never => {
  throw new ChatbotConfigException(key, problem)
}
const isCount = (value: unknown, max: number) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max
const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$/

/** `channels.<name>.attachments`: `{ enabled, types?, maxBytes?, maxFiles? }`; absent is off. */
const channelAttachments: OptionSpec = {
  default: undefined,
  channel: 'only',
  doc: 'files users may attach on this channel: { enabled, types? (MIME patterns, default images), maxBytes? (5 MiB), maxFiles? (4) }',
  check(value, key) {
    if (value === undefined) return
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(key, 'expected { enabled, types?, maxBytes?, maxFiles? }')
    const { enabled, types, maxBytes, maxFiles, ...rest } = value as Record<string, unknown>
    const unknown = Object.keys(rest)[0]
    if (unknown !== undefined) fail(`${key}.${unknown}`, 'unknown key (expected enabled, types, maxBytes, maxFiles)')
    if (typeof enabled !== 'boolean') fail(`${key}.enabled`, 'expected true or false')
    if (types !== undefined && (!Array.isArray(types) || types.length === 0 || !types.every((type) => typeof type === 'string' && MIME_PATTERN.test(type)))) {
      fail(`${key}.types`, 'expected a non-empty list of MIME types or patterns such as "image/*"')
    }
    if (maxBytes !== undefined && !isCount(maxBytes, MAX_FILE_BYTES)) fail(`${key}.maxBytes`, `expected a whole number of bytes from 1 to ${MAX_FILE_BYTES}`)
    if (maxFiles !== undefined && !isCount(maxFiles, MAX_FILES)) fail(`${key}.maxFiles`, `expected a whole number from 1 to ${MAX_FILES}`)
  },
}

/** `attachments.storage`: an unstorage driver; unset keeps files in a folder beside the SQLite file. */
const storage: OptionSpec = {
  default: undefined,
  doc: 'an unstorage driver for the files (S3 in production); default: a folder beside the SQLite file',
  example: "s3Driver({ bucket: 'chatbot-attachments', region: 'eu-west-1' })",
  check: (value, key) => value === undefined || (typeof value === 'object' && value !== null && typeof (value as Driver).getItem === 'function') || fail(key, 'expected an unstorage driver'),
}

/** The attachments plugin's keys (contract §11.4). */
export const attachmentsOptions = defineOptions({
  'attachments.storage': storage,
  attachments: channelAttachments,
})

/** A channel's settings with the defaults filled in (off without the key). */
export const attachmentSettings = (value: Partial<AttachmentSettings> | undefined): AttachmentSettings => ({ ...DEFAULTS, ...value })

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    attachments?: {
      /** Where files are kept: any unstorage driver. Default: the `fs` driver in `attachments/` beside the SQLite file. */
      storage?: Driver
    }
  }
  interface ResolvedConfig {
    attachments: { storage: Driver | undefined }
  }
  interface ChannelConfig {
    /** Files users may attach on this channel; absent or `enabled: false` is off. */
    attachments?: Partial<AttachmentSettings> & { enabled: boolean }
  }
  interface ChannelSettings {
    attachments: (Partial<AttachmentSettings> & { enabled: boolean }) | undefined
  }
}
