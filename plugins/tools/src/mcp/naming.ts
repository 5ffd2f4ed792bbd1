/** The name a server's tool is offered under: `<server>__<tool>`, other characters as `_`, at most 64 (providers' limit). */
export function toOfferedName(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)
}
