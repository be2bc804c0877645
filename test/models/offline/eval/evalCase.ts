/** One end-to-end phrasing of the planner evaluation: what the student says, and what must be true afterwards. */

/** What a task must look like; a field left out is not checked. `due: null` means no due date. */
export interface TaskSpec {
  title?: RegExp
  due?: string | null
  /** An exact level, or an inclusive range ("high" is [4, 5]). */
  importance?: number | readonly [number, number]
  done?: boolean
  notes?: RegExp
}

/** What the workspace and the answer must show after the conversation; everything not named must be unchanged. */
export interface Expect {
  /** The new tasks, exactly this many, each matching one spec. */
  created?: readonly TaskSpec[]
  /** Existing tasks (by their title before the conversation), each now matching its spec. */
  updated?: readonly (TaskSpec & { was: string })[]
  /** Existing tasks (by title) that must be gone. */
  deleted?: readonly string[]
  /** A new memory entry must match. */
  memory?: RegExp
  /** A memory entry matching this must be gone. */
  forgotten?: RegExp
  /** A new or changed note (artifact) must match. */
  note?: { title?: RegExp; content?: RegExp }
  /** Notes (by title before the conversation) that no note has as its title afterwards; any other note gone is a problem. */
  notesGone?: readonly RegExp[]
  /** Nothing is remembered afterwards ("forget everything"). */
  memoryCleared?: true
  /** The answer (every assistant text after the last user message, joined) must match each. */
  answer?: readonly RegExp[]
  /** The answer must not contain the last user message whole (no template echoing the request). */
  noEcho?: true
  /** Tool names that must have been called during the conversation (e.g. `run_code`). */
  called?: readonly string[]
}

/** One conversation: the user's messages in order (one run), and what must hold after the last. */
export interface EvalCase {
  say: readonly string[]
  expect: Expect
  /** The workspace: the shared one, or `week` (it adds a note, two memories and two done tasks). */
  workspace?: 'week'
  /** Who is talking (terse, polite, typos, non-native, british, american): for reading the table. */
  voice?: string
}
