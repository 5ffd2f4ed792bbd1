// The knowledge scenario of run.mjs (issue [3/7]): a generated 10,000-chunk corpus on SQLite,
// synced full-text only and with the demo provider's embeddings (time, re-sync of the unchanged
// corpus), then the time to first token knowledge adds (full-text and hybrid) against the AI SDK
// relay's, and the RSS the index costs the server.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ROOT, WARM_UP_SETTLE_MS, percentile, rssBytes, sleep, stopChild } from '../lib.mjs'
import { writeCorpus } from './corpus.mjs'

const FILES = 1000
const SECTIONS = 10

/** `chatbot knowledge sync --json` in its own process: the wall time and the reports. */
function sync(b, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [join(ROOT, 'packages/chatbot/bin/chatbot.mjs'), 'knowledge', 'sync', '--json', '--config', join(b.benchDir, 'chatbot.bench.config.mjs')], { cwd: b.work, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (err += chunk))
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000
      if (code !== 0) return reject(new Error(`knowledge sync exited ${code}: ${err.slice(-400)}`))
      const [report] = JSON.parse(out).sources
      resolve({ seconds, report })
    })
  })
}

export async function knowledge(b) {
  const folder = join(b.work, 'knowledge-docs')
  const corpus = writeCorpus(folder, FILES, SECTIONS)
  // Questions in the corpus' words, so retrieval finds and offers chunks (a question matching
  // nothing measured only the empty search).
  const questions = Array.from({ length: 200 }, () => corpus.question())
  const provider = await b.startProvider({ tokens: 50, delay: 5 })
  const servers = []
  try {
    const envs = {}
    for (const mode of ['full-text', 'hybrid']) {
      const database = join(b.work, `knowledge-${mode}.sqlite`)
      const extra = { CHATBOT_DATABASE_URL: database, CHATBOT_BENCH_KNOWLEDGE: folder, CHATBOT_BENCH_EMBEDDINGS: mode === 'hybrid' ? 'demo-embedding' : '' }
      envs[mode] = extra
      const env = b.chatbotEnv(provider.url, database, extra)
      const first = await sync(b, env)
      const again = await sync(b, env)
      b.raw[`knowledge ${mode}`] = { first, again }
      b.row('knowledge', `${mode}: sync of ${FILES} Markdown files, ${first.report.chunks} chunks (s)`, { chatbot: b.round(first.seconds), budget: mode === 'hybrid' ? '≤ 30 s' : '', pass: mode === 'hybrid' ? first.seconds <= 30 : null })
      if (mode === 'hybrid') b.row('knowledge', 'hybrid: embedding requests of the first sync, of the re-sync', { chatbot: `${first.report.embeddingRequests}, ${again.report.embeddingRequests}`, budget: 're-sync 0', pass: again.report.embeddingRequests === 0 })
      b.row('knowledge', `${mode}: re-sync of the unchanged corpus (s)`, { chatbot: b.round(again.seconds), budget: '≤ 3 s', pass: again.seconds <= 3 })
    }
    // Four servers on one provider; requests alternate between them round by round.
    const off = await b.startChatbot(provider.url)
    servers.push(off)
    const fullText = await b.startChatbot(provider.url, { env: envs['full-text'] })
    servers.push(fullText)
    const hybrid = await b.startChatbot(provider.url, { env: envs.hybrid })
    servers.push(hybrid)
    const peer = await b.startPeer(provider.url)
    servers.push(peer)
    await sleep(WARM_UP_SETTLE_MS)
    const targets = { direct: { kind: 'direct', url: provider.url }, off: { kind: 'chatbot', url: off.url }, 'full-text': { kind: 'chatbot', url: fullText.url }, hybrid: { kind: 'chatbot', url: hybrid.url }, peer: { kind: 'peer', url: peer.url } }
    const ttft = Object.fromEntries(Object.keys(targets).map((t) => [t, []]))
    for (let round = 0; round < (b.quick ? 2 : 4); round++) {
      for (const [name, { kind, url }] of Object.entries(targets)) {
        const result = await b.runRequests({ mode: 'requests', target: kind, url, concurrency: 1, count: b.quick ? 25 : 50, warmup: round === 0 ? 10 : 3, keepSamples: true, questions })
        if (result.errors) b.log(`knowledge ${name}: ${result.errors} errors, e.g. ${result.firstErrors.join(' | ')}`)
        ttft[name].push(...result.ttftAll)
      }
    }
    const p50 = (name) => percentile(ttft[name], 50)
    const peerAdds = p50('peer') - p50('direct')
    b.raw.knowledge = { ttftP50: Object.fromEntries(Object.keys(targets).map((t) => [t, p50(t)])), rss: { off: rssBytes(off.pid), fullText: rssBytes(fullText.pid), hybrid: rssBytes(hybrid.pid) } }
    b.row('knowledge', 'TTFT p50 (ms): direct, chatbot knowledge off, AI SDK relay', { direct: b.round(p50('direct')), chatbot: b.round(p50('off')), peer: b.round(p50('peer')) })
    for (const mode of ['full-text', 'hybrid']) {
      const adds = p50(mode) - p50('off')
      b.row('knowledge', `${mode}: TTFT p50 knowledge adds over knowledge off (ms; peer: what the relay adds over direct)`, { chatbot: b.round(adds), peer: b.round(peerAdds), ratio: b.round(adds / peerAdds), budget: '≤ 0.5× peer', pass: adds <= 0.5 * peerAdds })
    }
    const mib = (bytes) => b.round(bytes / 1024 / 1024, 1)
    const { rss } = b.raw.knowledge
    b.row('knowledge', 'RSS after the requests (MiB): off, full-text, hybrid', { chatbot: `${mib(rss.off)}, ${mib(rss.fullText)}, ${mib(rss.hybrid)}` })
    b.row('knowledge', 'RSS the hybrid index adds over knowledge off (MiB)', { chatbot: mib(rss.hybrid - rss.off) })
  } finally {
    await Promise.all(servers.map((server) => stopChild(server.child)))
    await stopChild(provider.child)
  }
}
