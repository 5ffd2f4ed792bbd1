/**
 * A string built piece by piece with `+` (Node's header block of a request or response,
 * `randomUUID()`, a reply's text) is, in V8, a chain of one 32-byte node per piece that keeps
 * every piece alive for as long as the string lives: a response head of 30 lines is ~1 KB of
 * chain, a UUID ~450 bytes (~60 flat). Converting it to a number makes V8 flatten the string in
 * place into one string of the same value, and the chain becomes garbage (reading a character did
 * on Node 20, no longer on Node 24). For strings a slow stream holds for minutes
 * (docs/performance.md, "the heap object by object").
 */
export function flatten<T extends string | undefined>(text: T): T {
  if (text !== undefined) Number(text)
  return text
}
