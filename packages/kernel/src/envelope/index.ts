export { generateAppKey, parseAppKey } from './app-key.js'
export { ENVELOPE_TTL_SECONDS, type EnvelopeExtractorLimits, type EnvelopePayload } from './payload.js'
export {
  createEnvelopeSigner,
  type EnvelopeClaims,
  type EnvelopeExpectation,
  type EnvelopeSigner,
  type EnvelopeSignerOptions,
} from './signer.js'
