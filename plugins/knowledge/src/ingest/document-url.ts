/**
 * A files source's document URL (contract §11.1): `baseUrl` joined with the path relative to the
 * folder, without its extension, an `index` file standing for its folder. `https://x.dev/docs/`
 * and `guide/index.md` give `https://x.dev/docs/guide`; `guide/setup.md` gives
 * `https://x.dev/docs/guide/setup`; the folder's own `index.md` gives `baseUrl` itself. Null without `baseUrl`.
 */
export function documentUrl(baseUrl: string | undefined, relativePath: string): string | null {
  if (baseUrl === undefined) return null
  const segments = relativePath.split(/[\\/]/).filter(Boolean)
  const last = segments.pop()!.replace(/\.[^.]+$/, '')
  if (last !== 'index') segments.push(last)
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  const url = new URL(segments.map(encodeURIComponent).join('/'), base).href
  return segments.length === 0 ? url : url.replace(/\/$/, '')
}
