/** What `chatbot dev` puts in the page's `<!-- chatbot:envelope -->` block (docs/cli.md). */
export interface PageEnvelope {
  signedContext: string
  channel: string
  route: string
  base: string
}

/** Reads the JSON data block; a page served without it cannot talk to the chatbot. */
export function readPageEnvelope(doc: Document = document): PageEnvelope {
  const block = doc.getElementById('chatbot-envelope')
  if (!block?.textContent) throw new Error('No #chatbot-envelope block: open this page through `chatbot dev` (npm run dev).')
  return JSON.parse(block.textContent) as PageEnvelope
}
