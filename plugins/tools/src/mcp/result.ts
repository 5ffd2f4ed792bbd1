import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ToolCallFailure } from '../failure.js'
import { HeadersFailure } from './headers.js'

/** What the model sees of a result: text content as is, other content (images, resources) as compact JSON, one per line. */
export function toResultText(result: CallToolResult): string {
  return result.content.map((item) => (item.type === 'text' ? item.text : JSON.stringify(item))).join('\n')
}

/** The value of a call: its text, or `tool_error` with that text for the model when the server says `isError`. */
export function toToolValue(tool: string, result: CallToolResult): string {
  const text = toResultText(result)
  if (result.isError === true) throw new ToolCallFailure('tool_error', `The tool "${tool}" failed.`, text)
  return text
}

/** Whether a failed request means the server is gone: unreachable (fetch's TypeError), an HTTP error status (a lost session too), or the connection closed. */
export function isOutage(error: unknown): boolean {
  return error instanceof TypeError || error instanceof StreamableHTTPError || (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
}

/**
 * No answer (down, timed out, cancelled with the turn, or the host's headers function threw) is
 * `tool_unavailable`; anything the server answered instead of a result is `tool_error`.
 * The model gets the reason either way.
 */
export function toCallFailure(tool: string, error: unknown): ToolCallFailure {
  const reason = error instanceof Error ? error.message : String(error)
  const unanswered = isOutage(error) || error instanceof HeadersFailure || (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
  if (unanswered) return new ToolCallFailure('tool_unavailable', `The tool "${tool}" is unavailable.`, `No answer from the tool's server: ${reason}`)
  return new ToolCallFailure('tool_error', `The tool "${tool}" failed.`, reason)
}
