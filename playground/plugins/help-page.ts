import GithubSlugger from 'github-slugger'
import { Marked } from 'marked'
import { parse as parseYaml } from 'yaml'

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The page's Markdown as HTML, each heading with the id the knowledge plugin links to (GitHub's slug). */
function renderBody(markdown: string): string {
  const slugger = new GithubSlugger()
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth, text }) {
        return `<h${depth} id="${slugger.slug(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`
      },
    },
  })
  return marked.parse(markdown, { async: false })
}

/**
 * One help page as a whole HTML document: its front matter's title, its Markdown rendered (the
 * playground's own files, so their HTML is trusted), links relative to `root`, the help centre's URL.
 */
export function renderHelpPage(source: string, root: string): string {
  const front = FRONT_MATTER.exec(source)
  const data = front ? (parseYaml(front[1]!) as { title?: string } | null) : null
  const title = data?.title ?? 'Help centre'
  const body = renderBody(front ? source.slice(front[0].length) : source)
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · ACME Anvils</title>
  <link rel="icon" href="data:,">
  <base href="${escapeHtml(root)}/">
  <style>
    :root { color-scheme: light dark; font: 16px/1.6 system-ui, sans-serif; --line: color-mix(in srgb, currentColor 14%, transparent); }
    body { margin: 0; }
    header { padding: 1rem 2rem; background: #1f2937; color: #f9fafb; display: flex; gap: 1.5rem; align-items: center; flex-wrap: wrap; }
    header strong { font-size: 1.15rem; letter-spacing: .02em; }
    header a { color: #cbd5e1; }
    main { max-width: 46rem; margin: 1.5rem 2rem 3rem; }
    h1 { font-size: 1.6rem; margin: 0 0 1rem; }
    h2 { font-size: 1.15rem; margin: 1.75rem 0 .5rem; }
    h2:target { outline: 3px solid #2563eb; outline-offset: 4px; border-radius: 2px; }
    table { border-collapse: collapse; }
    th, td { border: 1px solid var(--line); padding: .35rem .75rem; text-align: left; }
  </style>
</head>
<body>
  <header>
    <strong>ACME Anvils</strong>
    <nav aria-label="Help"><a href="${escapeHtml(root)}">Help centre</a> · <a href="/">Back to the shop</a></nav>
  </header>
  <main>
${body}  </main>
</body>
</html>
`
}
