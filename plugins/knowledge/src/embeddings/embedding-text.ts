/** What is embedded for a chunk: its title and heading lead, so a vector knows what the text is about. */
export function embeddingText(chunk: { title: string; heading: string | null; text: string }): string {
  const lead = chunk.heading && chunk.heading !== chunk.title ? `${chunk.title}: ${chunk.heading}` : chunk.title
  return `${lead}\n${chunk.text}`
}
