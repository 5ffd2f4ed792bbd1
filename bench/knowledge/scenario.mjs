// The knowledge scenario of run.mjs (issue [3/7]): a generated 10,000-chunk corpus on SQLite,
// synced full-text only and with the demo provider's embeddings (time, re-sync of the unchanged
// corpus), then the time to first token knowledge adds (full-text and hybrid) against the AI SDK
// relay's, and the RSS the index costs the server.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ROOT, WARM_UP_SETTLE_MS, percentile, rssBytes, sleep, stopChild } from '../lib.mjs'
import { writeCorpus } from './corpus.mjs'
import { queryTerms } from '../../plugins/knowledge/dist/retrieval/query-terms.js'

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
  // nothing measured only the empty search); distinct in their terms (what a search is kept by),
  // so that a fresh one is never a repeat.
  const byTerms = new Map(Array.from({ length: 1000 }, () => corpus.question()).map((question) => [JSON.stringify(queryTerms(question)), question]))
  const questions = [...byTerms.values()].slice(0, 200)
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
    // Rounds alternate: one asks questions no server was asked before, the next asks that round's
    // again. A search, a question's embedding and its vector hits are kept per question
    // (docs/knowledge.md, "Speed"), so the two kinds are reported apart: mixed, the p50 fell
    // wherever the share of repeats put it. Interleaved, neither kind is measured only early or
    // only late in the run (docs/performance.md, "Knowledge, eighth pass").
    const rounds = b.quick ? 2 : 6
    const count = b.quick ? 25 : 50
    const kinds = ['fresh', 'asked before']
    const ttft = Object.fromEntries(Object.keys(targets).map((t) => [t, { fresh: [], 'asked before': [] }]))
    for (let round = 0; round < rounds; round++) {
      const kind = kinds[round % 2]
      const from = Math.floor(round / 2) * count
      // The load process asks questions[1], questions[2], …: the slice starts one before.
      const asked = questions.slice(from, from + count + 1)
      for (const [name, { kind: target, url }] of Object.entries(targets)) {
        const result = await b.runRequests({ mode: 'requests', target, url, concurrency: 1, count, warmup: round === 0 ? 10 : 3, keepSamples: true, questions: asked })
        if (result.errors) b.log(`knowledge ${name}: ${result.errors} errors, e.g. ${result.firstErrors.join(' | ')}`)
        ttft[name][kind].push(...result.ttftAll)
      }
    }
    const p50 = (name, kind) => percentile(kind ? ttft[name][kind] : kinds.flatMap((each) => ttft[name][each]), 50)
    const peerAdds = p50('peer') - p50('direct')
    b.raw.knowledge = { ttftP50: Object.fromEntries(Object.keys(targets).map((t) => [t, Object.fromEntries(kinds.map((kind) => [kind, p50(t, kind)]))])), rss: { off: rssBytes(off.pid), fullText: rssBytes(fullText.pid), hybrid: rssBytes(hybrid.pid) } }
    b.row('knowledge', 'TTFT p50 (ms): direct, chatbot knowledge off, AI SDK relay', { direct: b.round(p50('direct')), chatbot: b.round(p50('off')), peer: b.round(p50('peer')) })
    for (const mode of ['full-text', 'hybrid']) {
      for (const kind of kinds) {
        const adds = p50(mode, kind) - p50('off', kind)
        b.row('knowledge', `${mode}, questions ${kind === 'fresh' ? 'asked for the first time' : 'asked before'}: TTFT p50 knowledge adds over knowledge off (ms; peer: what the relay adds over direct)`, { chatbot: b.round(adds), peer: b.round(peerAdds), ratio: b.round(adds / peerAdds), budget: '≤ 0.5× peer', pass: adds <= 0.5 * peerAdds })
      }
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
