import { mcpArgumentEntries } from '../tools/mcp/previewMcpArguments.ts'
import { changeOf } from '../ui/core/changeOf.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import { callDescriptionVersion } from '../vocabulary/CallDescription.ts'
import { fileTitles } from '../vocabulary/fileTitle.ts'
import { decidedByText } from '../vocabulary/Identity.ts'
import { needsConfirmation } from '../vocabulary/PermissionLevel.ts'
import { toolWords } from '../vocabulary/toolWords.ts'
import { mixedScriptWarning, visibleText } from '../vocabulary/visibleText.ts'
import { formatDescription } from './formatDescription.ts'

const badge: Record<string, string> = {
  read: 'read',
  write: 'WRITE',
  destructive: 'DESTRUCTIVE',
  execute: 'EXECUTE',
}

/** One line for the terminal about an event, or undefined when the event is not worth a line. */
export function formatEvent(event: AgentEvent): string | undefined {
  // What the call does in words; its name is for the model (MCP tools: their server's own name).
  const action = shown(toolWords(event.toolName ?? '', event.permissionOrigin).action)
  switch (event.kind) {
    case 'assistantMessage':
      return `studypulse › ${visibleText(event.text ?? '')}`
    case 'toolRequested':
      if (event.permission === undefined) return `  → ${action} (it could not be prepared)`
      // A call that needs a card gets its headline on the next line, read from the workspace (a
      // task's title); the preview knows only the arguments (a task's id).
      // An undo's level gates it; what it does (bring back, or remove) is said under its card.
      if (isUndo(event)) return `  → ${action}`
      return needsConfirmation(event.permission)
        ? `  → ${action} [${badge[event.permission] ?? event.permission}]`
        : `  → ${action} [${badge[event.permission] ?? event.permission}] ${shown(event.preview)}`
    case 'confirmationRequired':
      return joinLines([
        formatCardHeadline(event),
        formatUndoEffect(event),
        formatMixedScripts(event),
        formatOrigin(event),
        formatProgram(event),
        formatMcpArguments(event),
      ])
    case 'confirmationResolved': {
      // Hosted mode: who decided (the terminal's own user needs no line for their own answer).
      const who = decidedByText(event.decider, event.at)
      if (who === '') return undefined
      return `  ${event.decision === 'allow' ? '✓ allowed' : '✗ denied'}: ${action} ${shown(who)}`
    }
    case 'confirmationApproved':
      return `  ✓ approved ${shown(decidedByText(event.decider, event.at))}: ${action}; ${event.approvalsNeeded ?? 0} more needed`
    case 'toolCompleted': {
      const change = changeOf(event)
      if (change.kind === 'undoable')
        return `  ✓ done: ${action} (/undo takes back the latest change)`
      if (change.kind === 'outside') return `  ✓ done: ${action} (this cannot be undone)`
      return `  ✓ done: ${action}`
    }
    case 'toolFailed':
      return `  ✗ not done: ${action}. ${failureSentence(event)}`
    case 'runFailed':
      return `  ! the run stopped: ${shown(event.error?.message)}`
    case 'runCancelled':
      return '  ! run cancelled; nothing more will run'
    default:
      return undefined
  }
}

// Why a call did not happen, as a sentence: the codes are for programs, the words for people.
function failureSentence(event: AgentEvent): string {
  switch (event.error?.code) {
    // By the person or by one of their rules: the card's line says which.
    case 'user_denied':
      return 'It was denied, so nothing was changed.'
    case 'confirmation_expired':
      return 'Nobody decided in time, so nothing was done.'
    case 'target_changed':
      return 'Nothing was written: it changed after the card was shown.'
    default: {
      const message = shown(event.error?.message)
      return message === '' ? 'It failed.' : `It failed: ${message}`
    }
  }
}

// A card made without a description (an older log) still says what it does: its preview.
function formatCardHeadline(event: AgentEvent): string | undefined {
  if (event.description !== undefined) return formatDescription(event.description)
  if (event.preview === undefined) return undefined
  return formatDescription({ version: callDescriptionVersion, headline: event.preview })
}

function isUndo(event: AgentEvent): boolean {
  return event.toolName === 'undo_change' && event.permissionOrigin === undefined
}

// The undo's level in words that agree with its card: one that only brings back is a write.
function formatUndoEffect(event: AgentEvent): string | undefined {
  if (!isUndo(event) || event.description === undefined || event.description.notice)
    return undefined
  return event.description.bringsBack === true
    ? '    [WRITE] brings back what that change removed; nothing is deleted or overwritten'
    : '    [DESTRUCTIVE] removes or overwrites what that change made; undoing this undo makes it again'
}

// Look-alike letters from two alphabets in what the card is about: the page's card says it too.
function formatMixedScripts(event: AgentEvent): string | undefined {
  const fields = (event.description?.fields ?? []).flatMap((f) => [f.before ?? '', f.after ?? ''])
  const text = [
    event.description?.headline ?? event.preview ?? '',
    event.payloadJson ?? '',
    ...fields,
  ]
  const warning = mixedScriptWarning(text.join('\n'))
  return warning === undefined ? undefined : `    ⚠ ${shown(warning)}`
}

// Only tools whose level depends on who set it (MCP servers) say where it came from.
function formatOrigin(event: AgentEvent): string | undefined {
  return event.permissionOrigin === undefined
    ? undefined
    : `    ${badge[event.permission ?? ''] ?? event.permission}: ${shown(event.permissionOrigin.text)}`
}

// Data (names, titles, messages) on one line: no control character from it reaches the terminal.
function shown(text: string | undefined): string {
  return visibleText(text ?? '', 'mark')
}

function joinLines(parts: readonly (string | undefined)[]): string | undefined {
  const present = parts.filter((part) => part !== undefined)
  return present.length === 0 ? undefined : present.join('\n')
}

/** A `run_code` card's program in full with line numbers, so the user reads what would run before answering. */
function formatProgram(event: AgentEvent): string | undefined {
  if (event.toolName !== 'run_code' || event.payloadJson === undefined) return undefined
  let args: { code?: unknown; inputs?: unknown }
  try {
    args = JSON.parse(event.payloadJson) as { code?: unknown; inputs?: unknown }
  } catch {
    return undefined
  }
  if (typeof args.code !== 'string') return undefined
  const lines = args.code.replace(/\r\n?/g, '\n').split('\n')
  const width = String(lines.length).length
  const numbered = lines.map((line, i) => `    ${String(i + 1).padStart(width)} │ ${shown(line)}`)
  const inputs = Array.isArray(args.inputs) ? args.inputs.filter((i) => typeof i === 'string') : []
  return [
    '  ▶ runs this code in the sandbox; nothing runs until you allow it:',
    ...numbered,
    ...(inputs.length > 0 ? [`  reads, and changes nothing in: ${shown(fileTitles(inputs))}`] : []),
  ].join('\n')
}

/**
 * An MCP card's arguments, every one whole, shortest first: the one-line headline cuts long values,
 * and what the person allows must be what they could read (a long `content` must not hide `path`).
 */
function formatMcpArguments(event: AgentEvent): string | undefined {
  if (event.permissionOrigin?.server === undefined || event.payloadJson === undefined)
    return undefined
  let args: unknown
  try {
    args = JSON.parse(event.payloadJson)
  } catch {
    return `  arguments (not JSON, as sent): ${shown(event.payloadJson)}`
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined
  const entries = mcpArgumentEntries(args as Record<string, unknown>)
  if (entries.length === 0) return '  no arguments'
  const width = Math.max(...entries.map((e) => shown(e.key).length)) + 1
  return [
    `  all ${entries.length} argument${entries.length === 1 ? '' : 's'}, shortest first, none cut:`,
    ...entries.map(({ key, json }) => {
      const size = json.length > 200 ? ` (${json.length.toLocaleString('en-GB')} characters)` : ''
      return `    ${`${shown(key)}:`.padEnd(width)} ${shown(json)}${size}`
    }),
  ].join('\n')
}
