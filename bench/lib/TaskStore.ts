/** A task the in-memory `create_task` tool stores. */
export interface StoredTask {
  id: string
  title: string
}

/** The in-memory side effect of `create_task`: a list the harness checks before and after approval. */
export class TaskStore {
  readonly tasks: StoredTask[] = []
  #next = 0

  /** Stores a task with a fresh id and returns it. */
  add(title: string): StoredTask {
    const task = { id: `task-${++this.#next}`, title }
    this.tasks.push(task)
    return task
  }

  /** Forgets every task (between runs of the single-run scenario). */
  clear(): void {
    this.tasks.length = 0
  }
}
