#!/usr/bin/env node
// Charts of a benchmark run as SVG files for docs/performance.md: `node bench/charts.mjs
// [bench/results/latest.json] [--out docs/images]`. run.mjs calls it after a run that wrote
// latest.json. A chart whose scenario is not in the run is left as it was. Plain SVG strings:
// nothing to install, nothing fetched, and the files diff as text.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT } from './lib.mjs'

const W = 720
const H = 360
const M = { top: 48, right: 24, bottom: 48, left: 64 }
const COLORS = { direct: '#6b7280', chatbot: '#2563eb', shared: '#7c3aed', responses: '#0891b2', peer: '#dc2626', two: '#16a34a' }
const LABELS = { direct: 'direct (no relay)', chatbot: 'chatbot-kit, SQLite', shared: 'chatbot-kit, Postgres + Redis', responses: 'chatbot-kit, Responses API', peer: 'AI SDK relay', one: 'one instance', two: 'two instances' }

const esc = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const fmt = (n) => (n >= 1000 ? n.toLocaleString('en-US', { maximumFractionDigits: 0 }) : String(Number(n.toPrecision(3))))
/** About five round ticks from 0 to at least `max`. */
function ticks(max) {
  const step0 = max / 5
  const magnitude = 10 ** Math.floor(Math.log10(step0 || 1))
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= step0) ?? magnitude * 10
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step)
}

function frame(title, subtitle, body, { width = W, height = H } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="12" role="img" aria-labelledby="t">
<title id="t">${esc(title)}</title>
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="${M.left}" y="20" font-size="15" font-weight="600" fill="#111827">${esc(title)}</text>
<text x="${M.left}" y="36" fill="#4b5563">${esc(subtitle)}</text>
${body}
</svg>
`
}

/** Axes of a plot at (x0, y0) of `w` × `h`; returns scale functions. */
function axes({ x0, y0, w, h, xMax, yMax, xLabel, yLabel }) {
  const sx = (v) => x0 + (v / xMax) * w
  const sy = (v) => y0 + h - (v / yMax) * h
  const parts = []
  for (const t of ticks(yMax).filter((t) => t <= yMax * 1.001)) {
    parts.push(`<line x1="${x0}" x2="${x0 + w}" y1="${sy(t)}" y2="${sy(t)}" stroke="#e5e7eb"/><text x="${x0 - 6}" y="${sy(t) + 4}" text-anchor="end" fill="#374151">${fmt(t)}</text>`)
  }
  for (const t of ticks(xMax).filter((t) => t <= xMax * 1.001)) {
    parts.push(`<text x="${sx(t)}" y="${y0 + h + 16}" text-anchor="middle" fill="#374151">${fmt(t)}</text>`)
  }
  parts.push(`<line x1="${x0}" x2="${x0 + w}" y1="${y0 + h}" y2="${y0 + h}" stroke="#9ca3af"/>`)
  parts.push(`<text x="${x0 + w / 2}" y="${y0 + h + 34}" text-anchor="middle" fill="#111827">${esc(xLabel)}</text>`)
  parts.push(`<text transform="translate(${x0 - 46} ${y0 + h / 2}) rotate(-90)" text-anchor="middle" fill="#111827">${esc(yLabel)}</text>`)
  return { sx, sy, svg: parts.join('\n') }
}

const polyline = (points, color, dash = '') => `<polyline fill="none" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''} points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}"/>`
const legend = (entries, x, y, width = 280) =>
  `<rect x="${x - 6}" y="${y - 10}" width="${width}" height="${entries.length * 16 + 4}" fill="#ffffff" fill-opacity="0.9"/>\n` +
  entries.map(([label, color, dash], i) => `<line x1="${x}" x2="${x + 18}" y1="${y + i * 16}" y2="${y + i * 16}" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/><text x="${x + 24}" y="${y + i * 16 + 4}" fill="#111827">${esc(label)}</text>`).join('\n')

/** Cumulative distribution of time to first token per target. */
export function ttftChart(latency) {
  const samples = latency.samples
  const targets = ['direct', 'chatbot', 'shared', 'peer'].filter((t) => samples[t]?.length)
  const sorted = Object.fromEntries(targets.map((t) => [t, [...samples[t]].sort((a, b) => a - b)]))
  // Up to the slowest target's p99: the last percent is a handful of points and would squash the rest.
  const xMax = Math.max(...targets.map((t) => sorted[t][Math.floor(sorted[t].length * 0.99) - 1] ?? 1)) * 1.05
  const plot = { x0: M.left, y0: M.top + 8, w: W - M.left - M.right, h: H - M.top - M.bottom - 8 }
  const { sx, sy, svg } = axes({ ...plot, xMax, yMax: 100, xLabel: 'time to first token (ms)', yLabel: 'requests at or under it (%)' })
  const lines = targets.map((t) => {
    const values = sorted[t].filter((v) => v <= xMax)
    return polyline(values.map((v, i) => [sx(v), sy(((i + 1) / sorted[t].length) * 100)]), COLORS[t])
  })
  const p50 = (t) => sorted[t][Math.ceil(sorted[t].length / 2) - 1]
  const entries = targets.map((t) => [`${LABELS[t]}: p50 ${p50(t).toFixed(2)} ms`, COLORS[t]])
  return frame('Time to first token', `${latency.requestsPerTarget} sequential requests per target, alternating; 50 tokens, 5 ms apart`, `${svg}\n${lines.join('\n')}\n${legend(entries, plot.x0 + plot.w - 300, plot.y0 + plot.h - 16 * entries.length - 8, 300)}`)
}

/** RSS and health latency against open streams, step by step of the ramp. */
export function streamsChart(streams) {
  const steps = streams.steps.filter((s) => s.rssBytes)
  const baselineMb = streams.baselineRssBytes / 2 ** 20
  const xMax = Math.max(...steps.map((s) => s.streams))
  const half = (W - M.left - M.right - 64) / 2
  const top = M.top + 8
  const h = H - M.top - M.bottom - 8
  const rss = steps.map((s) => [s.streams, s.rssBytes / 2 ** 20])
  const left = axes({ x0: M.left, y0: top, w: half, h, xMax, yMax: Math.max(...rss.map(([, mb]) => mb)) * 1.1, xLabel: 'open streams', yLabel: 'server RSS (MB)' })
  const healthMax = Math.max(10, ...steps.map((s) => (Number.isFinite(s.healthP99) ? s.healthP99 : 0))) * 1.1
  const x1 = M.left + half + 64
  const right = axes({ x0: x1, y0: top, w: half, h, xMax, yMax: healthMax, xLabel: 'open streams', yLabel: 'GET /health (ms)' })
  const body = [
    left.svg,
    polyline([[0, baselineMb], ...rss].map(([x, y]) => [left.sx(x), left.sy(y)]), COLORS.chatbot),
    legend([[`RSS (${Math.round(baselineMb)} MB before the ramp)`, COLORS.chatbot]], M.left + 8, top + 8),
    right.svg,
    polyline(steps.map((s) => [right.sx(s.streams), right.sy(s.healthP99)]), COLORS.peer),
    polyline(steps.map((s) => [right.sx(s.streams), right.sy(s.healthP50)]), COLORS.direct, '4 3'),
    legend([['health p99 (20 probes a step)', COLORS.peer], ['health p50', COLORS.direct, '4 3']], x1 + 8, top + 8),
  ]
  const held = streams.held
  const subtitle = held ? `1 chunk a second per stream; held ${held.streams.toLocaleString('en-US')} at ${(held.rssPerStreamBytes / 1024).toFixed(1)} KB each` : 'no step held'
  return frame('Open streams: memory and health latency during the ramp', subtitle, body.join('\n'))
}

/** Relayed tokens per second per target (and one vs two instances when measured). */
export function throughputChart(throughput, instances) {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1]
  const order = ['direct', 'chatbot', 'responses', 'peer']
  const bars = Object.entries(throughput.tokensPerSecond)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([t, values]) => [LABELS[t] ?? t, median(values), COLORS[t] ?? '#2563eb'])
  if (instances) for (const [name, values] of Object.entries(instances.tokensPerSecond)) bars.push([`Postgres + Redis, ${LABELS[name]}`, median(values), name === 'two' ? COLORS.two : COLORS.shared])
  const height = M.top + 16 + bars.length * 34 + 40
  const labelWidth = 230
  const { sx, svg } = axes({ x0: labelWidth, y0: M.top + 8, w: W - labelWidth - M.right - 60, h: bars.length * 34, xMax: Math.max(...bars.map(([, v]) => v)) * 1.05, yMax: 1, xLabel: 'relayed tokens per second (median of rounds)', yLabel: '' })
  const rects = bars.map(([label, value, color], i) => {
    const y = M.top + 16 + i * 34
    return `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end" fill="#111827">${esc(label)}</text><rect x="${labelWidth}" y="${y}" width="${(sx(value) - labelWidth).toFixed(1)}" height="22" fill="${color}"/><text x="${sx(value) + 6}" y="${y + 15}" fill="#111827">${fmt(Math.round(value))}</text>`
  })
  const grid = svg.replace(/<line x1="[^"]*" x2="[^"]*" y1="[^"]*" y2="[^"]*" stroke="#e5e7eb"\/><text[^>]*>[^<]*<\/text>/g, '')
  return frame('Relayed tokens per second, 32 users', `200-token replies, no delay between chunks; ${throughput.durationMs / 1000} s windows, ${throughput.rounds} round${throughput.rounds === 1 ? '' : 's'}`, `${grid}\n${rects.join('\n')}`, { height })
}

/** Writes the charts a run has data for; returns the files written. */
export function writeCharts(result, dir = join(ROOT, 'docs/images')) {
  const written = []
  const write = (name, svg) => {
    writeFileSync(join(dir, name), svg)
    written.push(name)
  }
  if (result.raw.latency?.samples) write('bench-ttft.svg', ttftChart(result.raw.latency))
  if (result.raw.streams?.chatbot?.steps?.length) write('bench-streams.svg', streamsChart(result.raw.streams.chatbot))
  if (result.raw.throughput) write('bench-throughput.svg', throughputChart(result.raw.throughput, result.raw.instances))
  return written
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(ROOT, 'bench/results/latest.json')
  const outIndex = process.argv.indexOf('--out')
  const written = writeCharts(JSON.parse(readFileSync(file, 'utf8')), outIndex > 0 ? process.argv[outIndex + 1] : undefined)
  process.stdout.write(`${written.join('\n')}\n`)
}
