import { ChatbotConfigException } from '@chatbot-kit/kernel'
import { closest } from '@chatbot-kit/kernel/plugin'

/** A folder read recursively: Markdown (front matter or not), HTML, plain text, PDF. */
export interface FilesSource {
  type: 'files'
  path: string
  /** Globs on the path relative to `path` (`guide/**`); default every supported file. */
  include?: string[]
  exclude?: string[]
  /** A document's URL is this joined with its relative path, without the extension; null without it. */
  baseUrl?: string
}

/** Every page a sitemap (or sitemap index) lists; the globs match the page URL's path. */
export interface SitemapSource {
  type: 'sitemap'
  url: string
  include?: string[]
  exclude?: string[]
  /** Allow loopback, private and link-local addresses (an intranet, a test). Default false. */
  allowPrivateNetwork?: boolean
}

/** A fixed list of pages. */
export interface UrlsSource {
  type: 'urls'
  urls: string[]
  allowPrivateNetwork?: boolean
}

export type KnowledgeSource = FilesSource | SitemapSource | UrlsSource

/** Source names, as `--source`, channels' `knowledge` lists and the tables name them. */
const SOURCE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

const fail = (key: string, problem: string): never => {
  throw new ChatbotConfigException(key, problem)
}

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)

function checkGlobs(value: unknown, key: string): void {
  if (value !== undefined && !(Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== ''))) fail(key, 'expected a list of globs (non-empty strings)')
}

/** The fields each type takes: any other is a mistake (a `baseURL` would silently give no URLs). */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  files: ['type', 'path', 'include', 'exclude', 'baseUrl'],
  sitemap: ['type', 'url', 'include', 'exclude', 'allowPrivateNetwork'],
  urls: ['type', 'urls', 'allowPrivateNetwork'],
}

function checkSource(source: unknown, key: string): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return fail(key, "expected { type: 'files' | 'sitemap' | 'urls', … }")
  const { type, ...rest } = source as Record<string, unknown>
  const fields = FIELDS[String(type)]
  for (const field of fields ? Object.keys(rest) : []) {
    if (fields!.includes(field)) continue
    const near = closest(field, fields!)
    fail(`${key}.${field}`, `a ${String(type)} source has no such field${near ? ` (did you mean "${near}"?)` : ''}; it takes ${fields!.slice(1).join(', ')}`)
  }
  if (rest.allowPrivateNetwork !== undefined && typeof rest.allowPrivateNetwork !== 'boolean') fail(`${key}.allowPrivateNetwork`, 'expected true or false')
  switch (type) {
    case 'files':
      if (typeof rest.path !== 'string' || rest.path.trim() === '') fail(`${key}.path`, 'expected the path of a folder')
      if (rest.baseUrl !== undefined && !isHttpUrl(rest.baseUrl)) fail(`${key}.baseUrl`, `expected an http(s) URL, got ${JSON.stringify(rest.baseUrl)}`)
      checkGlobs(rest.include, `${key}.include`)
      checkGlobs(rest.exclude, `${key}.exclude`)
      return
    case 'sitemap':
      if (!isHttpUrl(rest.url)) fail(`${key}.url`, `expected the http(s) URL of a sitemap, got ${JSON.stringify(rest.url)}`)
      checkGlobs(rest.include, `${key}.include`)
      checkGlobs(rest.exclude, `${key}.exclude`)
      return
    case 'urls':
      if (!Array.isArray(rest.urls) || rest.urls.length === 0) fail(`${key}.urls`, 'expected a non-empty list of http(s) URLs')
      ;(rest.urls as unknown[]).forEach((url, index) => isHttpUrl(url) || fail(`${key}.urls[${index}]`, `expected an http(s) URL, got ${JSON.stringify(url)}`))
      return
    default:
      fail(`${key}.type`, `expected 'files', 'sitemap' or 'urls', got ${JSON.stringify(type)}`)
  }
}

/** Checks `knowledge.sources`: `{ [name]: source }`, each naming the problem's key. */
export function checkSources(value: unknown, key: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(key, 'expected { name: source }')
  for (const [name, source] of Object.entries(value as Record<string, unknown>)) {
    if (!SOURCE_NAME.test(name)) fail(`${key}.${name}`, 'a source name is 1 to 64 of A-Z, a-z, 0-9, _ and -, starting with a letter or digit')
    checkSource(source, `${key}.${name}`)
  }
}
