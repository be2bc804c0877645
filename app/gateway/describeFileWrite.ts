import { lineDiff } from '../../tools/lineDiff.ts'
import type { McpUpstreamTool } from '../../tools/mcp/createMcpTools.ts'
import { schemaHash } from '../../tools/mcp/schemaHash.ts'
import type { CallDescription, CallTarget } from '../../vocabulary/CallDescription.ts'
import { callDescriptionVersion } from '../../vocabulary/CallDescription.ts'
import { sha256Hex } from '../../vocabulary/sha256.ts'
import { type ToolResult, toolFailure } from '../../vocabulary/ToolResult.ts'

/** The reference filesystem server's tools a card can show as a line diff. */
const fileWrites = new Set(['write_file', 'edit_file'])
/** Its read tools, newest first (`read_file` is the deprecated name of `read_text_file`). */
const readTools = ['read_text_file', 'read_file']
/** How long reading the current text for a card may take. */
const readTimeoutMs = 15_000
/** The version of a file that exists but could not be read (the card says so). */
const unreadable = 'unreadable'

interface Edit {
  oldText: string
  newText: string
}

/** The file a write acts on, as read through the server's own read tool. */
interface FileNow {
  /** Its text; undefined when it does not exist or could not be read. */
  text?: string
  /** Why it could not be read, when it exists (or may) and could not be. */
  error?: string
  /** What the card is bound to: the text's digest, `null` (no such file) or `unreadable`. */
  version: string | null
}

/**
 * A file write of the reference filesystem server (`write_file`, `edit_file`) as the gateway
 * runs it: its describe step (the current text, read through the server's own read tool, a line
 * diff to what the call would leave, and the card bound to that text's digest), and the check
 * that the file is still what the card showed, made just before the call.
 */
export interface FileWriteSteps {
  describe(args: unknown): Promise<CallDescription>
  /** `target_changed` when the file is no longer at `expected` (the card's version); else undefined. */
  stillAsShown(
    args: unknown,
    expected: string | null,
    signal: AbortSignal,
  ): Promise<ToolResult | undefined>
}

/** The steps for `upstream`'s file writes; undefined for any other tool (or a server that cannot read). */
export function describeFileWrite(upstream: McpUpstreamTool): FileWriteSteps | undefined {
  const { connection, tool } = upstream
  if (!fileWrites.has(tool.name)) return undefined
  const reader = () => connection.tools.find((t) => readTools.includes(t.name))
  if (reader() === undefined) return undefined
  const readNow = async (path: string, signal: AbortSignal): Promise<FileNow> => {
    const read = reader()
    if (read === undefined) throw new Error(`the server no longer offers a read tool`)
    const answer = await connection.call(read.name, { path }, schemaHash(read.inputSchema), signal)
    if (answer.result.ok) {
      const text = textOf(answer.result.data)
      if (text !== undefined) return { text, version: sha256Hex(text) }
      return { error: 'the server answered no text', version: unreadable }
    }
    const { message } = answer.result.error
    return missing(message) ? { version: null } : { error: message, version: unreadable }
  }
  return {
    async describe(args) {
      const { path, content, edits } = args as { path: string; content?: string; edits?: Edit[] }
      const now = await readNow(path, AbortSignal.timeout(readTimeoutMs))
      return describeOf(tool.name, path, now, { content, edits })
    },
    async stillAsShown(args, expected, signal) {
      const { path } = args as { path: string }
      const now = await readNow(path, AbortSignal.any([signal, AbortSignal.timeout(readTimeoutMs)]))
      if (now.version === expected) return undefined
      return toolFailure(
        'target_changed',
        `${path} changed after the card was shown (another program or person wrote it), so nothing was written. Show the person what it is now before asking again.`,
        { kind: 'file', id: path },
      )
    },
  }
}

function describeOf(
  toolName: string,
  path: string,
  now: FileNow,
  call: { content?: string | undefined; edits?: Edit[] | undefined },
): CallDescription {
  const target = fileTarget(path, now.version)
  const before = now.text
  const after =
    toolName === 'write_file' ? (call.content ?? '') : applyEdits(before ?? '', call.edits ?? [])
  const verb = now.version === null ? 'Create' : toolName === 'write_file' ? 'Replace' : 'Edit'
  const headline = clip(`${verb} ${path}`)
  if (after === undefined) {
    return {
      version: callDescriptionVersion,
      headline,
      target,
      notice: {
        code: 'target_missing',
        text: clip(
          now.version === null
            ? `${path} does not exist: the server will refuse the edit`
            : `Some text to replace is not in ${path} as it is now: the server will refuse the edit`,
        ),
      },
    }
  }
  // A new file is a write like any other (its every line added); one that exists but could not
  // be read is shown as if new, and said so: the person allows it knowing that.
  return {
    version: callDescriptionVersion,
    headline,
    diff: lineDiff(before ?? '', after),
    target,
    ...(now.error !== undefined && {
      notice: {
        code: 'not_described' as const,
        text: clip(
          `${path} could not be read (${now.error}): what it holds now is not shown, and the call may replace it`,
        ),
      },
    }),
  }
}

// The card is bound to the file: a long path is named by its digest (a target id is short).
function fileTarget(path: string, version: string | null): CallTarget {
  return { kind: 'file', id: path.length <= 200 ? path : sha256Hex(path), version }
}

// The reference server says a file is not there as Node does (ENOENT).
function missing(message: string): boolean {
  return /\bENOENT\b|no such file/i.test(message)
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
