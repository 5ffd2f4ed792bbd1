/** An envelope as the server mints it: `base64url(JSON).signature` (the widget never checks the signature). */
export function envelopeOf(payload: object): string {
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`
}
