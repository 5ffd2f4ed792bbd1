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
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;color:#222}nav a{margin-right:1rem}</style>
</head>
<body>
<h1>chatbot-kit dev server</h1>
<p>Channel: <strong><!-- chatbot:channel --></strong>. Other channels: <!-- chatbot:channels --></p>
<p><!-- chatbot:provider --></p>
<!-- chatbot:widget -->
</body>
</html>
`

/**
 * The page `chatbot dev` serves at `/`: the working directory's `index.html` when there is one
 * (the playground's), else a built-in page, with the widget rendered for `?channel=`.
 */
export async function renderDemoPage(chatbot: Chatbot, event: H3Event, providerNote: string): Promise<Response> {
  const channels = Object.keys(chatbot.config.channels)
  const requested = event.url.searchParams.get('channel') ?? ''
  const channel = channels.includes(requested) ? requested : (channels[0] ?? 'default')
  const template = existsSync(resolve('index.html')) ? await readFile(resolve('index.html'), 'utf8') : BUILT_IN_PAGE
  const widget = await chatbot.renderWidget(event, { channel, route: 'playground.home', title: `Assistant (${channel})` })
  const links = channels.map((name) => `<a href="/?channel=${encodeURIComponent(name)}">${escapeHtml(name)}</a>`).join(' ')
  const html = template
    .replace('<!-- chatbot:head -->', widget.head)
    .replace('<!-- chatbot:widget -->', `${widget.script}\n${widget.element}`)
    .replaceAll('<!-- chatbot:channel -->', escapeHtml(channel))
    .replace('<!-- chatbot:channels -->', links)
    .replace('<!-- chatbot:provider -->', escapeHtml(providerNote))
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}
