import type { MemoryForget } from './plannerMemoryIntents.ts'
import type { NoteEdit } from './plannerNoteEdits.ts'
import type { NoteIntent } from './plannerNoteIntents.ts'
import type { TaskQuery, TaskUpdate } from './plannerTaskIntents.ts'

/** What the offline planner understood one clause of a user message to ask for. */
export type PlannerIntent =
  | { kind: 'create_task'; title: string; due?: string; importance?: number }
  | TaskQuery
  | TaskUpdate
  | { kind: 'search_workspace'; query: string }
  | { kind: 'read_source'; path: string }
  | { kind: 'write_memory'; text: string }
  | { kind: 'list_memory' }
  | MemoryForget
  | Exclude<NoteIntent, { kind: 'search_workspace' | 'save_artifact' }>
  | { kind: 'save_artifact'; title: string; content: string }
  | { kind: 'delete_task'; target: string; finished?: true; orNote?: string }
  | NoteEdit
  | { kind: 'run_code'; code: string; inputs?: string[] }
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'help' }
  | { kind: 'unknown'; clause: string }
  | { kind: 'ask'; question: string }
  | { kind: 'too_many'; count: number }
