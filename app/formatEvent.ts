import type { AgentEvent } from '../store/AgentEvent.ts'

const badge: Record<string, string> = {
  read: 'read',
  write: 'WRITE',
  destructive: 'DESTRUCTIVE',
  execute: 'EXECUTE',
}

/** One line for the terminal about an event, or undefined when the event is not worth a line. */
export function formatEvent(event: AgentEvent): string | undefined {
  switch (event.kind) {
    case 'assistantMessage':
      return `studypulse › ${event.text ?? ''}`
    case 'toolRequested':
      return event.permission === undefined
        ? `  → ${event.toolName} (cannot be prepared)`
        : `  → ${event.toolName} [${badge[event.permission] ?? event.permission}] ${event.preview ?? ''}`
    case 'toolCompleted':
      return `  ✓ ${event.toolName} done`
    case 'toolFailed':
      return `  ✗ ${event.toolName}: ${event.error?.code} — ${event.error?.message}`
    case 'runFailed':
      return `  ! the run failed: ${event.error?.code} — ${event.error?.message}`
    case 'runCancelled':
      return '  ! run cancelled; nothing more will run'
    default:
      return undefined
  }
}
