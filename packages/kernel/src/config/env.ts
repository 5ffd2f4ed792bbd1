import { READS_EMPTY } from './options.js'
import { declarationsOf, type Declarations } from './declarations.js'
import { setPath } from './paths.js'

/** The config overrides found in `env`, as a partial config object. Env beats the config file. */
export function configFromEnv(env: Record<string, string | undefined>, declarations: Declarations = declarationsOf([])): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [path, spec] of declarations) {
    if (!spec.env) continue
    const raw = env[spec.env.name]
    if (raw === undefined || (raw === '' && !READS_EMPTY.has(spec.env.parse))) continue
    setPath(out, path, spec.env.parse(raw, spec.env.name))
  }
  return out
}

/** Each key that an environment variable sets, with the variable's name. */
export function envNames(declarations: Declarations): Map<string, string> {
  return new Map([...declarations].flatMap(([path, spec]) => (spec.env ? [[path, spec.env.name] as const] : [])))
}
