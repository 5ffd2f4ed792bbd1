import type { ChannelSettings, EnvelopeClaims } from '@chatbot-kit/kernel'

/** The envelope's `extractors` claim: each allowed name with the channel's timeout and size cap. */
export function extractorAllowlist(settings: ChannelSettings): NonNullable<EnvelopeClaims['extractors']> {
  return Object.fromEntries(settings.allowedExtractors.map((name) => [name, { timeoutMs: settings.extractorTimeoutMs, sizeCapBytes: settings.extractorSizeCapBytes }]))
}
