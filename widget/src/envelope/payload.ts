/** Limits the server set for one client extractor (channel `extractorTimeoutMs` / `extractorSizeCapBytes`). */
export interface ExtractorLimits {
  timeoutMs: number
  sizeCapBytes: number
}

/** What the widget reads from the envelope's public payload. It never verifies it: the server does. */
export interface EnvelopeInfo {
  channel?: string
  greeting?: string
  /** The allowlist: only these extractors run, and only these names are sent. */
  extractors: Record<string, ExtractorLimits>
}

// The spec's channel defaults, for an allowlist entry that leaves a limit out.
export const DEFAULT_LIMITS: ExtractorLimits = { timeoutMs: 250, sizeCapBytes: 8192 }

/** Decodes `base64url(JSON).signature`; anything unreadable gives an empty allowlist and no greeting. */
export function readEnvelope(token: string | null | undefined): EnvelopeInfo {
  const payload = decodePayload(token?.split('.')[0] ?? '')
  if (!payload) return { extractors: {} }
  const info: EnvelopeInfo = { extractors: readAllowlist(payload.extractors) }
  if (typeof payload.channel === 'string' && payload.channel) info.channel = payload.channel
  if (typeof payload.greeting === 'string' && payload.greeting) info.greeting = payload.greeting
  return info
}

function decodePayload(part: string): Record<string, unknown> | null {
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
    const value: unknown = JSON.parse(json)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function readAllowlist(value: unknown): Record<string, ExtractorLimits> {
  const allowlist: Record<string, ExtractorLimits> = {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return allowlist
  for (const [name, limits] of Object.entries(value as Record<string, Partial<ExtractorLimits> | null>)) {
    allowlist[name] = {
      timeoutMs: positive(limits?.timeoutMs) ?? DEFAULT_LIMITS.timeoutMs,
      sizeCapBytes: positive(limits?.sizeCapBytes) ?? DEFAULT_LIMITS.sizeCapBytes,
    }
  }
  return allowlist
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined
