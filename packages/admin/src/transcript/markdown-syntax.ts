// Markdown that no content can break out of, for the transcript export and the plugins' parts of it.

/** A code block whose fence is longer than any run of backticks inside, so no content can close it. */
export function fencedBlock(text: string, language = ''): string[] {
  const fence = '`'.repeat(Math.max(3, longestRun(text) + 1))
  return [`${fence}${language}`, text, fence]
}

/** Inline code delimited by one backtick more than the longest run inside (padded, as CommonMark wants). */
export function inlineCode(text: string): string {
  const ticks = '`'.repeat(longestRun(text) + 1)
  return ticks.length > 1 ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`
}

/** Text as a block quote, line by line (an empty line stays inside the quote). */
export const quotedLines = (text: string): string[] => text.split('\n').map((line) => (line === '' ? '>' : `> ${line}`))

const longestRun = (text: string) => Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
