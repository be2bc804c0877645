import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { type McpConfig, mcpConfigSchema } from './mcpConfig.ts'

/** What reading an `mcp.json` found: no file, a valid configuration, or what is wrong with it. */
export type McpConfigLoad =
  | { status: 'absent' }
  | { status: 'loaded'; config: McpConfig }
  | { status: 'invalid'; error: { code: 'invalid_mcp_config'; message: string } }

/** Reads and checks an `mcp.json`; a bad file is reported by name, never thrown. */
export async function loadMcpConfig(path: string): Promise<McpConfigLoad> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'absent' }
    return invalid(`${path} could not be read: ${(error as Error).message}`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return invalid(`${path} is not valid JSON: ${(error as Error).message}`)
  }
  const parsed = mcpConfigSchema.safeParse(raw)
  if (!parsed.success)
    return invalid(`${path} is not a valid mcp.json:\n${z.prettifyError(parsed.error)}`)
  return { status: 'loaded', config: parsed.data }
}

function invalid(message: string): McpConfigLoad {
  return { status: 'invalid', error: { code: 'invalid_mcp_config', message } }
}
