/** POSTs `body` as JSON; `headers` add to (or replace) `content-type: application/json`. */
export function postJson(url: string | URL, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}
