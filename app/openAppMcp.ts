import { join } from 'node:path'
import { createMcpTools, type McpTools } from '../tools/mcp/createMcpTools.ts'
import { loadMcpConfig } from '../tools/mcp/loadMcpConfig.ts'
import { describeMcpServer } from './describeMcpServer.ts'

/**
 * The workspace's MCP servers: `<workspace>/mcp.json` when there is one, connected. A bad file is
 * reported by name and the app starts without MCP; a server that fails to start is reported too.
 */
export async function openAppMcp(
  root: string,
  report: (line: string) => void,
): Promise<McpTools | undefined> {
  const path = join(root, 'mcp.json')
  const loaded = await loadMcpConfig(path)
  if (loaded.status === 'absent') return undefined
  if (loaded.status === 'invalid') {
    report(`studypulse: ${loaded.error.message}\n  starting without MCP servers`)
    return undefined
  }
  const mcp = await createMcpTools(loaded.config, { baseDir: root })
  for (const server of mcp.servers()) report(`  ${describeMcpServer(server)}`)
  return mcp
}
