import type { ChannelSettings } from '../config/resolved.js'
import type { KernelHooks } from '../hookable.js'
import type { EnvelopeClaims, EnvelopeSigner } from './signer.js'

/** `chatbot.mintEnvelope`: the channel's greeting, then the `envelope:mint` listeners (synchronous), then the signature. */
export function createMint(signer: EnvelopeSigner, settings: (channel: string) => ChannelSettings, hooks: KernelHooks) {
  return (claims: EnvelopeClaims): string => {
    const { greeting } = settings(claims.channel)
    const filled: EnvelopeClaims = { ...(greeting ? { greeting } : {}), ...claims }
    hooks.callSync('envelope:mint', [filled])
    return signer.mint(filled)
  }
}
