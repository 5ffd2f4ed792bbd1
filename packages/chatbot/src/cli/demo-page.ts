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

/**
 * The page `chatbot dev` serves at `/`: the working directory's `index.html` when there is one
 * (the playground's), else a built-in page, with the widget rendered for `?channel=`, links to
 * every channel, what the channel is set up with, and how to reach the admin API.
 */
export async function renderDemoPage(chatbot: Chatbot, event: H3Event, providerNote: string): Promise<Response> {
  const channels = Object.keys(chatbot.config.channels)
  const requested = event.url.searchParams.get('channel') ?? ''
  const channel = channels.includes(requested) ? requested : (channels[0] ?? 'default')
  const template = existsSync(resolve('index.html')) ? await readFile(resolve('index.html'), 'utf8') : BUILT_IN_PAGE
  const widget = await chatbot.renderWidget(event, { channel, route: 'playground.home', title: `Assistant (${channel})` })
  const links = channels
    .map((name) => `<a href="/?channel=${encodeURIComponent(name)}"${name === channel ? ' aria-current="page"' : ''}>${escapeHtml(name)}</a>`)
    .join(' ')
  const html = template
    .replace('<!-- chatbot:head -->', widget.head)
    .replace('<!-- chatbot:widget -->', `${widget.script}\n${widget.element}`)
    .replaceAll('<!-- chatbot:channel -->', escapeHtml(channel))
    .replace('<!-- chatbot:channels -->', links)
    .replace('<!-- chatbot:provider -->', escapeHtml(providerNote))
    .replace('<!-- chatbot:settings -->', channelSettings(chatbot, channel))
    .replace('<!-- chatbot:admin -->', adminHint(chatbot, event))
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
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
