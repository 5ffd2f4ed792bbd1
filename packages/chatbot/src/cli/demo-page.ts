import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { escapeHtml, type Chatbot } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'

const BUILT_IN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>chatbot-kit dev</title>
<link rel="icon" href="data:,">
<!-- chatbot:head -->
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;color:#222}nav a{margin-right:1rem}nav a[aria-current]{font-weight:bold;color:inherit;text-decoration:none}dt{font-weight:600}dd{margin:0 0 .5rem}code{overflow-wrap:anywhere}</style>
</head>
<body>
<h1>chatbot-kit dev server</h1>
<p>Channel: <strong><!-- chatbot:channel --></strong>. Channels: <nav><!-- chatbot:channels --></nav></p>
<p><!-- chatbot:provider --></p>
<!-- chatbot:settings -->
<p>Admin API: <!-- chatbot:admin --></p>
<!-- chatbot:widget -->
</body>
</html>
`

/** A page `chatbot dev` fills in: `index.html` at `/`, or `<name>.html` at `/<name>`. */
export interface DemoPage {
  /** The template; the built-in page when `index.html` is missing. */
  template: string
  /** The route name signed into the page's envelope. */
  route: string
}

/** The page `/` serves: the working directory's `index.html` (the playground's), else a built-in one. */
export async function defaultDemoPage(): Promise<DemoPage> {
  const template = existsSync(resolve('index.html')) ? await readFile(resolve('index.html'), 'utf8') : BUILT_IN_PAGE
  return { template, route: 'playground.home' }
}

/**
 * A page template with its placeholders filled: the widget rendered for `?channel=`, links to
 * every channel (on the same path), what the channel is set up with, how to reach the admin API,
 * and the envelope as data for a page that talks to the routes with its own client.
 */
export async function renderDemoPage(chatbot: Chatbot, event: H3Event, providerNote: string, page: DemoPage): Promise<Response> {
  const channels = Object.keys(chatbot.config.channels)
  const requested = event.url.searchParams.get('channel') ?? ''
  const channel = channels.includes(requested) ? requested : (channels[0] ?? 'default')
  const widget = await chatbot.renderWidget(event, { channel, route: page.route, title: `Assistant (${channel})` })
  const path = event.url.pathname
  const links = channels
    .map((name) => `<a href="${escapeHtml(path)}?channel=${encodeURIComponent(name)}"${name === channel ? ' aria-current="page"' : ''}>${escapeHtml(name)}</a>`)
    .join(' ')
  const html = page.template
    .replace('<!-- chatbot:head -->', widget.head)
    .replace('<!-- chatbot:widget -->', `${widget.script}\n${widget.element}`)
    .replace('<!-- chatbot:envelope -->', envelopeBlock({ signedContext: widget.envelope, channel, route: page.route, base: chatbot.config.base }))
    .replaceAll('<!-- chatbot:channel -->', escapeHtml(channel))
    .replace('<!-- chatbot:channels -->', links)
    .replace('<!-- chatbot:provider -->', escapeHtml(providerNote))
    .replace('<!-- chatbot:settings -->', channelSettings(chatbot, channel))
    .replace('<!-- chatbot:admin -->', adminHint(chatbot, event))
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}

/**
 * The envelope as a JSON data block (`<script type="application/json" id="chatbot-envelope">`):
 * data, not code, so a strict `script-src` does not block it. `<` is escaped so no value can
 * close the block.
 */
function envelopeBlock(data: { signedContext: string; channel: string; route: string; base: string }): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return `<script type="application/json" id="chatbot-envelope">${json}</script>`
}

/** What makes this channel differ from the others: its prompt, greeting, tools and extractors. */
function channelSettings(chatbot: Chatbot, channel: string): string {
  const settings = chatbot.settings(channel)
  const names = (list: string[]) => (list.length ? list.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ') : 'none')
  const rows: [string, string][] = [
    ['Prompt', escapeHtml(settings.prompt ?? chatbot.config.prompt)],
    ['Greeting', settings.greeting ? escapeHtml(settings.greeting) : 'none'],
    ['Tools', names(settings.allowedTools)],
    ['Client extractors', names(settings.allowedExtractors)],
  ]
  return `<dl class="chatbot-settings">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`
}

/**
 * A curl line for the admin API when it is on. The token itself never goes into the page (the
 * admin docs keep it out of browsers): the line reads `$CHATBOT_ADMIN_TOKEN` from the shell.
 */
function adminHint(chatbot: Chatbot, event: H3Event): string {
  if (!chatbot.config.admin.token) return 'off. Set <code>CHATBOT_ADMIN_TOKEN</code> to turn it on.'
  const url = `${event.url.origin}${chatbot.config.base}/admin/trpc/conversations.list`
  return `<code class="chatbot-admin-curl">curl -s -H "authorization: Bearer $CHATBOT_ADMIN_TOKEN" ${escapeHtml(url)}</code>`
}
