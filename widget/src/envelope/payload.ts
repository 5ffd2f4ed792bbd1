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

type Payload = { channel?: unknown; greeting?: unknown; extractors?: Record<string, Partial<ExtractorLimits> | null> }

/** Decodes `base64url(JSON).signature`; anything unreadable gives an empty allowlist and no greeting. */
export function readEnvelope(token: string | null | undefined): EnvelopeInfo {
  let payload: Payload | null = null
  try {
    // `atob` is forgiving about the padding base64url leaves out.
    const binary = atob(String(token).split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/'))
    payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))))
  } catch {
    // Not an envelope: no greeting, no extractors.
  }
  const info: EnvelopeInfo = { extractors: {} }
  if (typeof payload?.channel === 'string' && payload.channel) info.channel = payload.channel
  if (typeof payload?.greeting === 'string' && payload.greeting) info.greeting = payload.greeting
  if (typeof payload?.extractors === 'object' && payload.extractors && !Array.isArray(payload.extractors)) {
    for (const [name, limits] of Object.entries(payload.extractors)) {
      // The spec's channel defaults stand in for a limit the entry leaves out.
      info.extractors[name] = { timeoutMs: positive(limits?.timeoutMs, 250), sizeCapBytes: positive(limits?.sizeCapBytes, 8192) }
    }
  }
  return info
}

const positive = (value: unknown, fallback: number): number => (typeof value === 'number' && value > 0 ? value : fallback)
