/** A part of the study workspace a change can touch. */
export type WorkspacePart = 'tasks' | 'memory' | 'notes' | 'notebooks'

/** Every part, in the order a page shows them. */
export const workspaceParts: readonly WorkspacePart[] = ['tasks', 'memory', 'notes', 'notebooks']

/** What changed in the workspace, as its one event stream tells it: the parts to read again. */
export interface WorkspaceChange {
  parts: readonly WorkspacePart[]
}

/** Told each change of a workspace. */
export type WorkspaceChangeListener = (change: WorkspaceChange) => void

/**
 * One listener set for a workspace's changes, with what it costs started on the first listener
 * and stopped after the last: `start` begins hearing changes (a folder watch, a LISTEN) and
 * returns its stop. Parts told in one turn of the event loop reach listeners as one change.
 */
export class WorkspaceChangeFeed {
  readonly #listeners = new Set<WorkspaceChangeListener>()
  readonly #start: (tell: (parts: Iterable<WorkspacePart>) => void) => () => void
  readonly #pending = new Set<WorkspacePart>()
  #stop: (() => void) | undefined
  #scheduled = false

  constructor(start: (tell: (parts: Iterable<WorkspacePart>) => void) => () => void) {
    this.#start = start
  }

  /** Calls `listener` after each change; returns the unsubscribe. */
  watch(listener: WorkspaceChangeListener): () => void {
    this.#listeners.add(listener)
    this.#stop ??= this.#start((parts) => this.tell(parts))
    return () => {
      this.#listeners.delete(listener)
      if (this.#listeners.size === 0) this.close()
    }
  }

  /** Tells the listeners that `parts` changed (once per turn, however often it is called). */
  tell(parts: Iterable<WorkspacePart>): void {
    if (this.#listeners.size === 0) return
    for (const part of parts) this.#pending.add(part)
    if (this.#scheduled || this.#pending.size === 0) return
    this.#scheduled = true
    setTimeout(() => {
      this.#scheduled = false
      const change: WorkspaceChange = {
        parts: workspaceParts.filter((part) => this.#pending.has(part)),
      }
      this.#pending.clear()
      for (const listener of [...this.#listeners]) {
        try {
          listener(change)
        } catch {
          // One listener's failure must not keep the change from the others.
        }
      }
    }, 0)
  }

  /** Stops hearing changes and forgets every listener. */
  close(): void {
    this.#listeners.clear()
    this.#stop?.()
    this.#stop = undefined
  }
}
