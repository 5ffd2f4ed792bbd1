import { ToolCallFailure } from '../failure.js'

/** A call to a server that is not connected now. Apart from the SDK's files: the plugin uses it before any server is configured. */
export const notConnected = (tool: string, server: string): ToolCallFailure =>
  new ToolCallFailure('tool_unavailable', `The tool "${tool}" is unavailable.`, `The MCP server "${server}" is not reachable at the moment; try again later.`)
