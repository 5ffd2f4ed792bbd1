// One row of the suite's table: what a scenario tried and what it lost. A row misses its goal
// when anything in the loss columns is above 0; `failed` counts the scenario's own checks
// (a wrong error code, a leak, no recovery), each explained in `notes`.

/** A row for `scenario`; `record(result)` counts one answer from chaos/client.mjs. */
export function createTally(scenario) {
  const row = { scenario, tried: 0, ok: 0, client: 0, server: {}, crashes: 0, hangs: 0, inputErrors: 0, lost: 0, countersOff: 0, failed: 0, notes: [], skipped: false }
  const noted = new Map()
  return {
    row,
    record(result) {
      row.tried++
      if (result.end === 'hang') row.hangs++
      if (result.status >= 200 && result.status < 300) row.ok++
      else if (result.status >= 400 && result.status < 500) row.client++
      else {
        const cause = result.status >= 500 ? `${result.status} ${errorCode(result) ?? ''}`.trim() : result.end
        row.server[cause] = (row.server[cause] ?? 0) + 1
      }
      return result
    },
    /** A check that did not hold; the same `kind` is listed once in the notes with its count. */
    fail(kind, detail = '') {
      row.failed++
      const entry = noted.get(kind) ?? { count: 0, detail }
      entry.count++
      noted.set(kind, entry)
    },
    note(text) {
      row.notes.push(text)
    },
    finish() {
      for (const [kind, { count, detail }] of noted) row.notes.push(`FAIL ${count}× ${kind}${detail ? ` (e.g. ${detail})` : ''}`)
      return row
    },
  }
}

export function skippedRow(scenario, why) {
  return { scenario, skipped: true, notes: [`skipped: ${why}`] }
}

function errorCode(result) {
  try {
    return JSON.parse(result.body).error?.code
  } catch {
    return undefined
  }
}

export const missedGoal = (row) => !row.skipped && (row.crashes > 0 || row.hangs > 0 || row.inputErrors > 0 || row.lost > 0 || row.countersOff > 0 || row.failed > 0)

/** The markdown table of every row. */
export function toMarkdown(rows) {
  const causes = (server) => Object.entries(server).map(([cause, n]) => `${n} ${cause}`).join(', ') || '0'
  const lines = [
    '| scenario | tried | 2xx | 4xx | 5xx / no answer (by cause) | crashes | hangs | 500s from input | stored lost | counters off | failed checks | result | notes |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ]
  for (const r of rows) {
    const notes = r.notes.join('; ').replaceAll('|', '\\|').replaceAll('\n', ' ')
    if (r.skipped) lines.push(`| ${r.scenario} | — | — | — | — | — | — | — | — | — | — | skipped | ${notes} |`)
    else lines.push(`| ${r.scenario} | ${r.tried} | ${r.ok} | ${r.client} | ${causes(r.server)} | ${r.crashes} | ${r.hangs} | ${r.inputErrors} | ${r.lost} | ${r.countersOff} | ${r.failed} | ${missedGoal(r) ? '**FAIL**' : 'pass'} | ${notes} |`)
  }
  return lines.join('\n')
}
