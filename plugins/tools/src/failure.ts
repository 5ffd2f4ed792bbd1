/** Why a tool call produced no result. `message` goes to the browser; `detail` to the model. */
export class ToolCallFailure extends Error {
  readonly detail: string

  constructor(
    readonly code: 'tool_not_allowed' | 'invalid_arguments' | 'argument_too_long' | 'tool_error' | 'tool_budget_exhausted' | 'tool_unavailable' | 'tool_denied',
    message: string,
    detail = message,
  ) {
    super(message)
    this.name = 'ToolCallFailure'
    this.detail = detail
  }
}
