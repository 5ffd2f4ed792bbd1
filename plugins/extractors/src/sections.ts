import { truncateUtf8, type ContextSection, type Turn } from '@chatbot-kit/kernel'

/**
 * One `client` context section per extractor block the request sent (the kernel already refused
 * names outside the envelope's allowlist), each cut to the stricter of the envelope's and the
 * channel's current `extractorSizeCapBytes`. Empty blocks add nothing.
 */
export function clientSections(turn: Turn): ContextSection[] {
  const sections: ContextSection[] = []
  for (const [name, block] of Object.entries(turn.clientExtractors)) {
    if (block.trim() === '') continue
    const cap = Math.min(turn.envelope.extractors?.[name]?.sizeCapBytes ?? Infinity, turn.settings.extractorSizeCapBytes)
    const cut = truncateUtf8(block, cap)
    sections.push({ name, content: cut.text, source: 'client', ...(cut.truncated ? { truncated: true } : {}) })
  }
  return sections
}
