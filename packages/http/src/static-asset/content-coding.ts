/** The content codings an asset can be stored in, the server's preference first. */
export const CONTENT_CODINGS = ['br', 'gzip', 'identity'] as const
export type ContentCoding = (typeof CONTENT_CODINGS)[number]

// A qvalue as RFC 9110 §12.4.2 writes it: 0 to 1, at most three decimals.
const QVALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i

/** The weight of each coding an `Accept-Encoding` value names (`*` included); an entry with a malformed q is left out. */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>()
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim())
    if (!name) continue
    const qParameter = parameters.find((parameter) => /^q\s*=/i.test(parameter))
    const q = qParameter === undefined ? '1' : QVALUE.exec(qParameter.replace(/\s+/g, ''))?.[1]
    if (q === undefined) continue
    const coding = name.toLowerCase()
    if (!named.has(coding)) named.set(coding, Number(q))
  }
  return named
}

/**
 * Which of `available` to send for an `Accept-Encoding` header (RFC 9110 §12.5.3): the highest
 * q wins, ties go to br, then gzip, then identity. A coding not named takes `*`'s weight, or is
 * not acceptable; identity not named takes `*`'s weight, else the lowest weight named (so
 * `gzip;q=0.5` still gets gzip, as in the jshttp negotiator). No header, or nothing acceptable
 * (`identity;q=0` with nothing else), gives identity: an unencoded body is always understood.
 * A few lines rather than a dependency: the negotiator package types only its 0.6 API, and this
 * is the one rule we need.
 */
export function pickContentCoding(header: string | null, available: readonly ContentCoding[]): ContentCoding {
  if (header === null) return 'identity'
  const named = weights(header)
  const lowest = Math.min(1, ...[...named.values()].filter((q) => q > 0))
  const weight = (coding: ContentCoding) => named.get(coding) ?? named.get('*') ?? (coding === 'identity' ? lowest : 0)
  let best: { coding: ContentCoding; q: number } = { coding: 'identity', q: 0 }
  for (const coding of CONTENT_CODINGS) {
    if (!available.includes(coding)) continue
    const q = weight(coding)
    if (q > best.q) best = { coding, q }
  }
  return best.coding
}
