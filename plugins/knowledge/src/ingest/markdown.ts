import GithubSlugger from 'github-slugger'
import { parse as parseYaml } from 'yaml'
import type { DocumentSection, ParsedDocument } from './parsed-document.js'

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/
const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
/** `## Title {#custom-id}`: an explicit anchor, as several site generators allow. */
const EXPLICIT_ID = /\s*\{#([\w-]+)\}$/

/** The front matter's `title`, if it is a non-empty string; a malformed block throws naming YAML. */
function frontMatterTitle(block: string): string | undefined {
  const data: unknown = parseYaml(block)
  const title = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).title : undefined
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined
}

/** Inline Markdown a heading's text may carry, removed for the title and the slug's input. */
const plainHeading = (text: string) => text.replace(/`([^`]*)`/g, '$1').replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_]{1,3}([^*_]+)[*_]{1,3}/g, '$1').trim()

/**
 * Markdown, with or without YAML front matter: sections at each ATX heading outside code fences,
 * anchored by GitHub's slug (the one most renderers give), the title from the front matter, else
 * the first `#` heading, else `fallbackTitle`.
 */
export function parseMarkdown(source: string, fallbackTitle: string): ParsedDocument {
  const front = FRONT_MATTER.exec(source)
  const title = front ? frontMatterTitle(front[1]!) : undefined
  const body = front ? source.slice(front[0].length) : source
  const slugger = new GithubSlugger()
  const sections: DocumentSection[] = []
  let current: DocumentSection = { heading: null, fragment: null, text: '' }
  let fence: string | null = null
  let firstH1: string | undefined
  for (const line of body.split(/\r?\n/)) {
    const opener = FENCE.exec(line)?.[1]
    if (opener && (fence === null || opener[0] === fence[0])) fence = fence === null ? opener : null
    const heading = fence === null && !opener ? ATX_HEADING.exec(line) : null
    if (!heading) {
      current.text += `${line}\n`
      continue
    }
    sections.push(current)
    const explicit = EXPLICIT_ID.exec(heading[2]!)
    const text = plainHeading(explicit ? heading[2]!.slice(0, explicit.index) : heading[2]!)
    if (heading[1] === '#' && firstH1 === undefined) firstH1 = text
    current = { heading: text, fragment: explicit ? explicit[1]! : slugger.slug(text), text: '' }
  }
  sections.push(current)
  return { title: title ?? firstH1 ?? fallbackTitle, sections: sections.map((section) => ({ ...section, text: section.text.trim() })).filter((section) => section.text !== '' || section.heading !== null) }
}
