import { lineDiff } from '../../tools/lineDiff.ts'
import type { McpUpstreamTool } from '../../tools/mcp/createMcpTools.ts'
import { schemaHash } from '../../tools/mcp/schemaHash.ts'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import { callDescriptionVersion } from '../../vocabulary/CallDescription.ts'

/** The reference filesystem server's tools a card can show as a line diff. */
const fileWrites = new Set(['write_file', 'edit_file'])
/** Its read tools, newest first (`read_file` is the deprecated name of `read_text_file`). */
const readTools = ['read_text_file', 'read_file']
/** How long reading the current text for a card may take. */
const readTimeoutMs = 15_000

interface Edit {
  oldText: string
  newText: string
}

/**
 * A describe step for the reference filesystem server's `write_file` and `edit_file` (undefined
 * for any other tool): the file's current text, read through the server's own read tool, and a
 * line diff to what the call would leave. Only reads; a file that cannot be read is shown as new.
 */
export function describeFileWrite(
  upstream: McpUpstreamTool,
): ((args: unknown) => Promise<CallDescription>) | undefined {
  const { connection, tool } = upstream
  if (!fileWrites.has(tool.name)) return undefined
  const reader = () => connection.tools.find((t) => readTools.includes(t.name))
  if (reader() === undefined) return undefined
  return async (args) => {
    const { path, content, edits } = args as { path: string; content?: string; edits?: Edit[] }
    const read = reader()
    if (read === undefined) throw new Error(`the server no longer offers a read tool`)
    const answer = await connection.call(
      read.name,
      { path },
      schemaHash(read.inputSchema),
      AbortSignal.timeout(readTimeoutMs),
    )
    const before = answer.result.ok ? textOf(answer.result.data) : undefined
    const after =
      tool.name === 'write_file' ? (content ?? '') : applyEdits(before ?? '', edits ?? [])
    const verb = before === undefined ? 'Create' : tool.name === 'write_file' ? 'Replace' : 'Edit'
    if (after === undefined) {
      return {
        version: callDescriptionVersion,
        headline: clip(`${verb} ${path}`),
        notice: {
          code: 'target_missing',
          text: clip(
            `Some text to replace is not in ${path} as it is now: the server will refuse the edit`,
          ),
        },
      }
    }
    return {
      version: callDescriptionVersion,
      headline: clip(`${verb} ${path}`),
      diff: lineDiff(before ?? '', after),
      ...(before === undefined &&
        !answer.result.ok && {
          notice: {
            code: 'target_missing' as const,
            text: clip(
              `${path} could not be read (${answer.result.error.message}): shown as a new file`,
            ),
          },
        }),
    }
  }
}

function textOf(data: unknown): string | undefined {
  const { text, structuredContent } = data as { text?: unknown; structuredContent?: unknown }
  const structured = (structuredContent as { content?: unknown } | undefined)?.content
  if (typeof structured === 'string') return structured
  return typeof text === 'string' ? text : undefined
}

// As the server applies them for an exact match; an edit whose text is not there (the server may
// still match it loosely, by trimmed lines) leaves the diff unknown.
function applyEdits(text: string, edits: readonly Edit[]): string | undefined {
  let result = text.replace(/\r\n/g, '\n')
  for (const edit of edits) {
    const old = edit.oldText.replace(/\r\n/g, '\n')
    if (!result.includes(old)) return undefined
    result = result.replace(old, () => edit.newText.replace(/\r\n/g, '\n'))
  }
  return result
}

function clip(text: string): string {
  return text.length <= 500 ? text : `${text.slice(0, 499)}…`
}
