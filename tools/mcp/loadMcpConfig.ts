import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { type McpConfig, mcpConfigSchema } from './mcpConfig.ts'
import { redactUserInfo } from './redactUserInfo.ts'

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
    return invalid(`${path} is not valid JSON: ${unquoted((error as Error).message)}`)
  }
  const parsed = mcpConfigSchema.safeParse(raw)
  if (!parsed.success)
    return invalid(`${path} is not a valid mcp.json:\n${z.prettifyError(parsed.error)}`)
  return { status: 'loaded', config: parsed.data }
}

// Said at start-up and in statuses: no URL's user-info, whatever a message quotes.
function invalid(message: string): McpConfigLoad {
  return {
    status: 'invalid',
    error: { code: 'invalid_mcp_config', message: redactUserInfo(message) },
  }
}

// V8 quotes the text around a syntax error (`Unexpected token 'P', ..."url":PASSWORD"... is not
// valid JSON`): the file may hold a secret there, so only what is wrong is said, not the text.
function unquoted(message: string): string {
  return message.replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
}
