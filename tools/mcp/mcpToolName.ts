/** The longest tool name the model APIs accept. */
const maxLength = 64

/** The name the model sees for a server's tool: `<server>__<tool>`, kept to `[A-Za-z0-9_-]{1,64}`. */
export function mcpToolName(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, maxLength)
}
