import type { PermissionLevel } from '../../vocabulary/PermissionLevel.ts'

/** How a permission level is shown: badge label, a plain sentence, and its colour tone. */
export interface PermissionDescription {
  label: string
  /** What allowing it means, in plain words. */
  sentence: string
  tone: 'calm' | 'info' | 'danger' | 'warning'
}

const descriptions: Record<PermissionLevel, PermissionDescription> = {
  read: { label: 'Read', sentence: 'Only reads your workspace.', tone: 'calm' },
  write: { label: 'Write', sentence: 'Adds or changes something in your workspace.', tone: 'info' },
  destructive: {
    label: 'Destructive',
    // Workspace changes can be taken back (undo_change); what a tool does elsewhere cannot.
    sentence:
      'Deletes or overwrites data. A change to your workspace can be undone afterwards, with its own card; anything else cannot.',
    tone: 'danger',
  },
  execute: {
    // The badge and a run_code card's title agree: the code runs in StudyPulse's sandbox.
    label: 'Runs code',
    sentence:
      'Runs a program in the sandbox: it sees only the files it lists, read-only, and cannot change your workspace or reach the network.',
    tone: 'warning',
  },
}

/** The badge label, plain explanation and tone of a permission level. */
export function describePermission(permission: PermissionLevel): PermissionDescription {
  return descriptions[permission] ?? descriptions.execute
}
