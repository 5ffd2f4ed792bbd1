import type { Ajv, ValidateFunction } from 'ajv'
import type { ChatbotTool, StandardSchemaLike } from './types.js'

/** A Standard Schema that can also describe itself as JSON Schema (zod 4 does). */
interface StandardJsonSchemaLike extends StandardSchemaLike {
  readonly '~standard': StandardSchemaLike['~standard'] & {
    readonly jsonSchema?: { input(options: { target: string }): Record<string, unknown> }
  }
}

export type Validation = { ok: true; value: unknown } | { ok: false; message: string }

// Loaded with the first JSON Schema to check (~50 ms of start-up otherwise).
let ajvLoading: Promise<Ajv> | undefined
const loadAjv = () => (ajvLoading ??= import('ajv').then(({ Ajv }) => new Ajv({ allErrors: true, strict: false })))
// Compiled once per schema object; a tool re-registered with the same schema reuses it.
const compiled = new WeakMap<object, ValidateFunction>()
const described = new WeakMap<ChatbotTool, Record<string, unknown>>()

export function isStandardSchema(parameters: ChatbotTool['parameters']): parameters is StandardSchemaLike {
  return typeof (parameters as Partial<StandardSchemaLike>)['~standard']?.validate === 'function'
}

/**
 * The JSON Schema sent to the provider: `parameters` itself, or for a Standard Schema the tool's
 * `jsonSchema`, else the schema's own `~standard.jsonSchema` (zod 4). Valibot and others need
 * `jsonSchema`; without one the tool cannot be offered, and this throws naming it.
 */
export function toJsonSchema(tool: ChatbotTool): Record<string, unknown> {
  const cached = described.get(tool)
  if (cached) return cached
  const { parameters } = tool
  let schema: Record<string, unknown> | undefined
  if (tool.jsonSchema) schema = tool.jsonSchema
  else if (!isStandardSchema(parameters)) schema = parameters
  else schema = (parameters as StandardJsonSchemaLike)['~standard'].jsonSchema?.input({ target: 'draft-07' })
  if (!schema) {
    const vendor = (parameters as StandardSchemaLike)['~standard'].vendor
    throw new TypeError(`The tool "${tool.name}" has a ${vendor} schema that cannot describe itself as JSON Schema: give it a \`jsonSchema\`.`)
  }
  // The provider needs no `$schema` line; it only costs prompt tokens.
  const { $schema: _ignored, ...rest } = schema
  described.set(tool, rest)
  return rest
}

/** Validates parsed arguments against the tool's schema; a Standard Schema may also transform them. */
export async function validateArguments(tool: ChatbotTool, args: unknown): Promise<Validation> {
  const { parameters } = tool
  if (isStandardSchema(parameters)) {
    const result = await parameters['~standard'].validate(args)
    if (result.issues) return { ok: false, message: result.issues.map((issue) => issue.message).join('; ') }
    return { ok: true, value: result.value }
  }
  const ajv = await loadAjv()
  let validate = compiled.get(parameters)
  if (!validate) compiled.set(parameters, (validate = ajv.compile(parameters)))
  if (validate(args)) return { ok: true, value: args }
  return { ok: false, message: ajv.errorsText(validate.errors, { dataVar: 'arguments' }) }
}
