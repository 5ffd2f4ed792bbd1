// The eval scenario of run.mjs (issue [4/7]): 50 golden cases on the demo provider, against a
// generated 1,000-chunk knowledge folder on SQLite, synced first; the time of the whole
// `chatbot eval` process (start-up, the throwaway copy of the database, the 50 turns, the report).
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../lib.mjs'
import { writeCorpus } from '../knowledge/corpus.mjs'

const CASES = 50
const GAPS = 10

/** `chatbot <args>` in its own process: the wall time, the exit code and stdout. */
function chatbot(b, args, env) {
  return new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(process.execPath, [join(ROOT, 'packages/chatbot/bin/chatbot.mjs'), ...args, '--config', join(b.benchDir, 'chatbot.bench.config.mjs')], { cwd: b.work, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (err += chunk))
    child.once('exit', (code) => resolve({ seconds: (performance.now() - started) / 1000, code, out, err }))
  })
}

/** Cases whose question is a section's heading (the demo provider answers from it, citing it), and questions nothing answers. */
function writeCases(folder, file) {
  const pages = readdirSync(folder, { recursive: true }).filter((name) => String(name).endsWith('.md')).sort()
  const headings = pages.flatMap((page) => [...readFileSync(join(folder, String(page)), 'utf8').matchAll(/^## (\S+ \S+ \S+)/gm)].map((match) => match[1]).slice(0, 1))
  const answered = headings.slice(0, CASES - GAPS).map((heading, index) => ({ name: `answered ${index + 1}`, question: `${heading}?`, expect: { cites: true } }))
  const gaps = Array.from({ length: GAPS }, (_, index) => ({ name: `gap ${index + 1}`, question: `Do you sell electric bicycles of size ${index + 1}?`, expect: { gap: true } }))
  writeFileSync(file, JSON.stringify({ cases: [...answered, ...gaps] }, null, 2))
}

export async function evalRun(b) {
  const folder = join(b.work, 'eval-docs')
  writeCorpus(folder, 200, 5)
  const cases = join(b.work, 'eval-cases.json')
  writeCases(folder, cases)
  const database = join(b.work, 'eval.sqlite')
  // No API key and no base URL: the demo provider answers, as a user's first `chatbot eval` does.
  const env = b.chatbotEnv('', database, { CHATBOT_BENCH_KNOWLEDGE: folder, CHATBOT_BENCH_EMBEDDINGS: '', CHATBOT_API_KEY: '', CHATBOT_BASE_URL: '', CHATBOT_MODEL: '' })
  const synced = await chatbot(b, ['knowledge', 'sync'], env)
  if (synced.code !== 0) throw new Error(`knowledge sync exited ${synced.code}: ${synced.err.slice(-400)}`)
  const run = await chatbot(b, ['eval', cases, '--reporter', 'json'], env)
  if (run.code !== 0) throw new Error(`chatbot eval exited ${run.code}: ${(run.out + run.err).slice(-600)}`)
  const report = JSON.parse(run.out)
  b.raw.eval = { seconds: run.seconds, passed: report.passed, failed: report.failed, inProcessMs: report.durationMs }
  b.row('eval', `chatbot eval: ${CASES} cases on the demo provider, 1,000-chunk knowledge, whole process (s)`, { chatbot: b.round(run.seconds), budget: '≤ 20 s', pass: run.seconds <= 20 && report.failed === 0 })
  b.row('eval', 'of which the 50 turns, in process (s)', { chatbot: b.round(report.durationMs / 1000) })
}
