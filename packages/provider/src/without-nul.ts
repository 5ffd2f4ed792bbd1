/**
 * `text` without U+0000. Postgres `text` cannot hold it (`invalid byte sequence … 0x00`), so a
 * reply with one could be streamed but not stored; it is dropped where text enters the kernel,
 * so what the browser sees is what is stored. `includes` first keeps the per-delta path free of
 * allocations when there is none (nearly always).
 */
export function withoutNul(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '') : text
}
