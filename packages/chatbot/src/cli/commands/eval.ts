import { writeFile } from 'node:fs/promises'
import { defineCommand } from 'citty'
import { loadChatbotConfig } from '../../config/load.js'
import { startEvalChatbot } from '../../eval/eval-chatbot.js'
import { createRunInterrupt } from '../../eval/interrupt.js'
import { caseWhere, EvalCasesInvalidError, loadCases } from '../../eval/load-cases.js'
import { jsonReport } from '../../eval/reporters/json.js'
import { junitReport } from '../../eval/reporters/junit.js'
import { prettyLine, prettyReport, prettyTotal } from '../../eval/reporters/pretty.js'
import { channelOf, runCases } from '../../eval/run-cases.js'
import { dataConsola as consola } from '../console.js'
import { configArg, configLocation, fail, guard } from '../shared.js'

/** The exit code of cases that cannot run as written (and of bad flags): none ran. */
export const INVALID_CASES_EXIT = 2

const REPORTERS = { pretty: prettyReport, json: jsonReport, junit: junitReport } as const

export default defineCommand({
  meta: { name: 'eval', description: 'Run golden cases (YAML or JSON) through the real turn; exit 1 when any fails, 2 when the cases are not valid.' },
  args: {
    path: { type: 'positional', description: 'A case file, or a folder of them, read recursively', required: false, default: 'evals' },
    channel: { type: 'string', description: 'The channel of the cases that name none (default: default)', valueHint: 'name' },
    reporter: { type: 'string', description: 'pretty, json or junit', default: 'pretty', valueHint: 'name' },
    output: { type: 'string', description: 'Write the report to this file (the case lines still print)', valueHint: 'file' },
    store: { type: 'boolean', description: "Store the turns in the host's database (default: a throwaway copy)", default: false },
    ...configArg,
  },
  async run({ args }) {
    if (!(args.reporter in REPORTERS)) fail(`--reporter must be pretty, json or junit, got "${args.reporter}"`, INVALID_CASES_EXIT)
    const report = REPORTERS[args.reporter as keyof typeof REPORTERS]
    // A json or junit report on stdout is the whole of stdout: the case lines go to stderr then.
    const dataOnStdout = args.reporter !== 'pretty' && !args.output
    const lines = dataOnStdout ? process.stderr : process.stdout
    const location = configLocation(args.config)
    const failed = await guard(async () => {
      const cases = await loadCases(args.path, location.cwd).catch((error: unknown) => fail(error, error instanceof EvalCasesInvalidError ? INVALID_CASES_EXIT : 1))
      const config = await loadChatbotConfig(location)
      const unknown = cases.filter((evalCase) => !(channelOf(evalCase, args.channel) in config.channels))
      if (unknown.length > 0) {
        const problems = unknown.map((evalCase) => `${caseWhere(evalCase.file, evalCase.index, evalCase.name)}: channel: no channel is named "${channelOf(evalCase, args.channel)}" (configured: ${Object.keys(config.channels).join(', ')})`)
        fail(new EvalCasesInvalidError(problems), INVALID_CASES_EXIT)
      }
      const interrupt = createRunInterrupt(consola)
      const { chatbot, notes, close } = await startEvalChatbot(config, { cwd: location.cwd, store: args.store, logger: consola.withTag('chatbot') })
      interrupt.closeWith(close)
      try {
        for (const note of notes) consola.info(note)
        const run = await runCases(chatbot, cases, args.channel, (result) => void (interrupt.signal.aborted || lines.write(`${prettyLine(result)}\n`)), interrupt.signal)
        // Interrupted: no total and no report of a partial run; the interrupt exits once closed.
        if (interrupt.signal.aborted) return true
        lines.write(`${prettyTotal(run)}\n`)
        if (args.output) await writeFile(args.output, report(run))
        else if (dataOnStdout) process.stdout.write(report(run))
        return run.results.some((result) => !result.passed)
      } finally {
        await close()
      }
    })
    process.exitCode = failed ? 1 : 0
  },
})
