import type { PendingConfirmation } from '../../machines/agentRunTypes.ts'
import type { JsonSchema } from '../../models/messages.ts'
import type { DecisionOptions } from '../../runtime/AgentRuntime.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'
import type { DecidingRun } from '../core/DecidingRun.ts'
import { RunCommandError } from '../core/RunCommandError.ts'
import { RunObservers } from '../core/RunObservers.ts'
import type { RunObserver, RunSnapshotView, RunSourceCommand } from '../core/RunSource.ts'
import { HttpApi, type HttpApiOptions } from './HttpApi.ts'
import { readEventStream } from './readEventStream.ts'
import { signDecision } from './signDecision.ts'

/** How the client's event stream is doing. */
export type RemoteConnection = 'connecting' | 'open' | 'retrying' | 'ended' | 'failed' | 'closed'

/** A remote run's snapshot: the actor-snapshot shape the hooks read, plus the connection state. */
export interface RemoteRunSnapshot extends RunSnapshotView {
  connection: RemoteConnection
}

/** The run state the server sends in `state` frames. */
interface StateFrame {
  value: string
  status: string
  pending?: PendingConfirmation
  messages: ChatMessage[]
}

const finalValues = new Set(['failed', 'cancelled'])

/** How long an open stream may stay silent (the server beats every 5 s) before it counts as lost. */
const defaultSilenceMs = 15_000

/** How a `RemoteRunClient` reaches its run. */
export interface RemoteRunOptions extends HttpApiOptions {
  /** The run to follow. */
  runId: string
  /** Silence after which an open event stream counts as lost and is opened again (default 15 s). */
  silenceMs?: number
}

/**
 * A run that lives in the app server, seen through HTTP: the same `subscribe`/`getSnapshot`/`send`
 * shape as an XState actor, so the hooks and components take either. Commands become POSTs; the
 * snapshot follows the run's server-sent-event stream, resuming from the last `seq` it saw.
 */
export class RemoteRunClient implements DecidingRun {
  readonly runId: string
  readonly #api: HttpApi
  readonly #observers = new RunObservers()
  readonly #abort = new AbortController()
  #snapshot: RemoteRunSnapshot

  readonly #silenceMs: number

  constructor(options: RemoteRunOptions) {
    this.runId = options.runId
    this.#silenceMs = options.silenceMs ?? defaultSilenceMs
    this.#api = new HttpApi(options)
    this.#snapshot = {
      value: undefined,
      status: 'active',
      connection: 'connecting',
      context: { runId: this.runId, events: [], messages: [], pending: undefined },
    }
    void this.#stream()
  }

  /** Starts a run on the server and returns a client connected to it. */
  static async start(
    options: HttpApiOptions,
    input: string,
    notebookId?: string,
    propose?: Pick<PersonProposal, 'tool' | 'args'>,
  ): Promise<RemoteRunClient> {
    const api = new HttpApi(options)
    const { runId } = await api.post<{ runId: string }>('/api/runs', {
      text: input,
      ...(notebookId !== undefined && { notebookId }),
      ...(propose !== undefined && { propose: { tool: propose.tool, args: propose.args } }),
    })
    return new RemoteRunClient({ ...options, runId })
  }

  /** Calls `observer.next` (or `next`) with each new snapshot; the actor `subscribe` shape. */
  subscribe(
    observer: RunObserver | ((snapshot: RunSnapshotView) => void),
    error?: (error: unknown) => void,
    complete?: () => void,
  ): { unsubscribe(): void } {
    return this.#observers.subscribe(observer, error, complete)
  }

  /** The latest snapshot (a new object whenever something changed). */
  getSnapshot(): RemoteRunSnapshot {
    return this.#snapshot
  }

  /** Fire-and-forget, like an actor's `send`; use `request` to learn whether it was accepted. */
  send(command: RunSourceCommand): void {
    this.request(command).catch(() => {
      // The stream shows what happened; a refused command changes nothing.
    })
  }

  /** Sends a command; rejects with `RunCommandError` (e.g. `confirmation_not_found`) when refused. */
  async request(command: RunSourceCommand): Promise<void> {
    const path = this.#path()
    switch (command.type) {
      case 'CONFIRM':
      case 'DENY':
        return this.decide(command.confirmationId, command.type === 'CONFIRM' ? 'allow' : 'deny', {
          ...(command.digest !== undefined && { digest: command.digest }),
        })
      case 'USER_INPUT':
        await this.#api.post(`${path}/input`, { text: command.text })
        return
      case 'UNDO':
        await this.#api.post(`${path}/undo`, { changeId: command.changeId })
        return
      case 'PROPOSE':
        await this.#api.post(`${path}/propose`, command.proposal)
        return
      case 'CANCEL':
        await this.#api.post(
          `${path}/cancel`,
          command.reason === undefined ? {} : { reason: command.reason },
        )
        return
    }
  }

  /**
   * Posts a decision, with the card's digest and a rule to keep, if any; a card that must be signed
   * is signed with a passkey when the client has the page's WebAuthn ceremonies.
   */
  async decide(
    confirmationId: string,
    decision: ConfirmationDecision,
    options: DecisionOptions = {},
  ): Promise<void> {
    const body = {
      confirmationId,
      decision,
      ...(options.digest !== undefined && { digest: options.digest }),
      ...(options.remember !== undefined && { remember: options.remember }),
    }
    const path = `${this.#path()}/confirmations`
    try {
      await this.#api.post(path, body)
    } catch (error) {
      // The server, not the page, knows which cards its rules say must be signed: asked, it signs.
      const webAuthn = this.#api.webAuthn
      if (!(error instanceof RunCommandError) || error.code !== 'signature_required') throw error
      if (webAuthn === undefined) throw error
      const card = { runId: this.runId, confirmationId, decision }
      await this.#api.post(path, {
        ...body,
        signature: await signDecision(this.#api, webAuthn, card),
      })
    }
  }

  /** Posts edited arguments for the pending card; resolves with the new card's id. */
  async edit(confirmationId: string, args: string | object): Promise<string | undefined> {
    const answer = await this.#api.post<{ confirmationId?: string }>(`${this.#path()}/edit`, {
      confirmationId,
      arguments: args,
    })
    return answer?.confirmationId
  }

  /** Asks the server for the open card's tool schema (`GET …/card/form`), for Edit's form. */
  async argumentsSchema(confirmationId: string): Promise<JsonSchema | undefined> {
    const answer = await this.#api.get<{ confirmationId: string; schema: JsonSchema }>(
      `${this.#path()}/card/form`,
    )
    return answer.confirmationId === confirmationId ? answer.schema : undefined
  }

  /** Stops following the run (the run itself goes on in the server). */
  close(): void {
    this.#abort.abort()
    this.#update({ connection: 'closed' })
  }

  async #stream(): Promise<void> {
    let delay = 250
    const signal = this.#abort.signal
    while (!signal.aborted) {
      const from = lastLoggedSeq(this.#snapshot.context.events) + 1
      // A server gone without closing the connection (a sleeping laptop, a proxy) sends nothing:
      // silence past three heartbeats ends this attempt, and the page says the server is lost.
      const attempt = new AbortController()
      const stop = () => attempt.abort()
      signal.addEventListener('abort', stop)
      let quiet: ReturnType<typeof setTimeout> | undefined
      const heard = () => {
        clearTimeout(quiet)
        quiet = setTimeout(stop, this.#silenceMs)
      }
      try {
        heard()
        const response = await this.#api.raw(
          `/api/runs/${encodeURIComponent(this.runId)}/events?from=${from}`,
          { headers: { accept: 'text/event-stream' }, signal: attempt.signal },
        )
        if (!response.ok || response.body === null) {
          const error = new RunCommandError(
            'stream_refused',
            `HTTP ${response.status}`,
            response.status,
          )
          if (response.status >= 400 && response.status < 500) throw error
        } else {
          this.#update({ connection: 'open' })
          delay = 250
          for await (const batch of readEventStream(response.body, heard)) this.#apply(batch)
          if (finalValues.has(String(this.#snapshot.value))) {
            this.#update({ connection: 'ended' })
            return
          }
        }
      } catch (error) {
        if (signal.aborted) return
        if (error instanceof RunCommandError) {
          this.#update({ connection: 'failed' })
          return
        }
      } finally {
        clearTimeout(quiet)
        signal.removeEventListener('abort', stop)
      }
      this.#update({ connection: 'retrying' })
      await new Promise((resolve) => setTimeout(resolve, delay))
      delay = Math.min(delay * 2, 3000)
    }
  }

  #apply(batch: { event: string; data: string }[]): void {
    let events = this.#snapshot.context.events
    let state: StateFrame | undefined
    let lastSeq = lastLoggedSeq(events)
    const added: AgentEvent[] = []
    for (const frame of batch) {
      if (frame.event === 'agent') {
        const event = JSON.parse(frame.data) as AgentEvent
        // Streamed text is live only and carries the seq of the entry before it.
        if (event.kind === 'assistantDelta') added.push(event)
        else if (event.seq > lastSeq) {
          added.push(event)
          lastSeq = event.seq
        }
      } else if (frame.event === 'state') {
        state = JSON.parse(frame.data) as StateFrame
      }
    }
    if (added.length > 0) events = [...events, ...added]
    if (added.length === 0 && state === undefined) return
    const context = this.#snapshot.context
    this.#snapshot = {
      ...this.#snapshot,
      ...(state && { value: state.value, status: state.status }),
      context: {
        runId: this.runId,
        events,
        messages: state?.messages ?? context.messages,
        pending: state ? state.pending : context.pending,
      },
    }
    this.#notify()
  }

  #path(): string {
    return `/api/runs/${encodeURIComponent(this.runId)}`
  }

  #update(patch: Partial<RemoteRunSnapshot>): void {
    if (Object.entries(patch).every(([k, v]) => this.#snapshot[k as keyof RemoteRunSnapshot] === v))
      return
    this.#snapshot = { ...this.#snapshot, ...patch }
    this.#notify()
  }

  #notify(): void {
    this.#observers.next(this.#snapshot)
  }
}

/** The seq of the last logged entry (streamed text is not logged). */
function lastLoggedSeq(events: readonly AgentEvent[]): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as AgentEvent
    if (event.kind !== 'assistantDelta') return event.seq
  }
  return 0
}
