import type { WorkspaceChange, WorkspaceChangeListener } from '../../workspace/WorkspaceChange.ts'
import { workspaceParts } from '../../workspace/WorkspaceChange.ts'
import { RunCommandError } from '../core/RunCommandError.ts'
import type { HttpApi } from './HttpApi.ts'
import { readEventStream } from './readEventStream.ts'

/** A run changed state on the server (`runId` absent: anything may have changed, after a gap). */
export interface RunsChange {
  runId?: string
  status?: string
}

/** Told each change of the server's runs. */
export type RunsChangeListener = (change: RunsChange) => void

const everything: WorkspaceChange = { parts: workspaceParts }

/**
 * The server's live-panel stream (`GET /api/workspace/events`), one connection however many
 * listen: opened with the first listener, closed after the last, reconnecting after a drop.
 * Whatever changed before it was connected (between a page's first read and the stream, or
 * while it was away) was sent to no one, so each time it connects it tells every listener that
 * anything may have changed.
 */
export class ChangeFeed {
  readonly #api: HttpApi
  readonly #workspace = new Set<WorkspaceChangeListener>()
  readonly #runs = new Set<RunsChangeListener>()
  #abort: AbortController | undefined

  constructor(api: HttpApi) {
    this.#api = api
  }

  /** Calls `listener` after each change to the study data; returns the unsubscribe. */
  watchWorkspace(listener: WorkspaceChangeListener): () => void {
    return this.#add(this.#workspace, listener)
  }

  /** Calls `listener` each time a run changes state; returns the unsubscribe. */
  watchRuns(listener: RunsChangeListener): () => void {
    return this.#add(this.#runs, listener)
  }

  #add<T>(listeners: Set<T>, listener: T): () => void {
    listeners.add(listener)
    if (this.#abort === undefined) {
      this.#abort = new AbortController()
      void this.#follow(this.#abort.signal)
    }
    return () => {
      listeners.delete(listener)
      if (this.#workspace.size + this.#runs.size === 0) {
        this.#abort?.abort()
        this.#abort = undefined
      }
    }
  }

  async #follow(signal: AbortSignal): Promise<void> {
    let delay = 250
    while (!signal.aborted) {
      try {
        const response = await this.#api.raw('/api/workspace/events', {
          headers: { accept: 'text/event-stream' },
          signal,
        })
        if (response.status >= 400 && response.status < 500) {
          // Refused (a stale token, too many streams): retrying would be refused again.
          throw new RunCommandError('stream_refused', `HTTP ${response.status}`, response.status)
        }
        if (response.ok && response.body !== null) {
          for await (const batch of readEventStream(response.body)) {
            delay = 250
            for (const frame of batch) this.#dispatch(frame.event, frame.data)
          }
        }
      } catch (error) {
        if (signal.aborted || error instanceof RunCommandError) return
      }
      await new Promise((resolve) => setTimeout(resolve, delay))
      delay = Math.min(delay * 2, 3000)
    }
  }

  #dispatch(event: string, data: string): void {
    if (event === 'ready') {
      this.#tell(everything, {})
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(data)
    } catch {
      return
    }
    if (event === 'workspace') this.#tell(parsed as WorkspaceChange, undefined)
    else if (event === 'runs') this.#tell(undefined, parsed as RunsChange)
  }

  #tell(workspace: WorkspaceChange | undefined, runs: RunsChange | undefined): void {
    if (workspace !== undefined) for (const listener of [...this.#workspace]) listener(workspace)
    if (runs !== undefined) for (const listener of [...this.#runs]) listener(runs)
  }
}
