import { memoryRunStore } from '../store/memoryRunStore.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { AgentRuntimeOptions, RuntimeTimers } from './AgentRuntime.ts'
import { randomId } from './randomId.ts'

/** The timers a runtime's card deadlines and parking use (the global ones by default). */
export type DeadlineTimers = Required<Pick<RuntimeTimers, 'setTimeout' | 'clearTimeout'>>

/** What a runtime runs on: its clock, ids, store, timers and error handler, defaults filled in. */
export interface RuntimeSetup {
  clock: () => Date
  generateId: () => string
  /** Where runs are kept; undefined when the runtime keeps nothing (`durable: false`). */
  store: RunStore | undefined
  /** Whether the store is shared by several nodes: its compare-and-set picks a card's decision. */
  storeDecides: boolean
  onPersistError: (error: unknown) => void
  timers: DeadlineTimers
}

/** The clock, ids, store, timers and error handler of a runtime made with `options`. */
export function runtimeSetup(options: AgentRuntimeOptions): RuntimeSetup {
  // On a shared store, this node's clock corrected to the cluster's (the database's): every node
  // sets and checks deadlines by that one clock.
  const own = options.clock ?? (() => new Date())
  const sharedStore = options.store?.cluster
  const offset = sharedStore?.clockOffsetMs?.bind(sharedStore)
  const durable = options.durable ?? true
  return {
    clock: offset === undefined ? own : () => new Date(own().getTime() + offset()),
    generateId: options.generateId ?? randomId,
    store: durable ? (options.store ?? memoryRunStore()) : undefined,
    storeDecides: sharedStore !== undefined,
    onPersistError:
      options.onPersistError ??
      ((error: unknown) => console.error('studypulse: saving failed:', error)),
    timers: deadlineTimers(options.timers),
  }
}

function deadlineTimers(timers: RuntimeTimers | undefined): DeadlineTimers {
  return {
    setTimeout:
      timers?.setTimeout ??
      ((callback: () => void, ms: number) => {
        const handle = setTimeout(callback, ms)
        // A card's deadline alone must not keep a process alive.
        ;(handle as { unref?: () => void }).unref?.()
        return handle
      }),
    clearTimeout:
      timers?.clearTimeout ??
      ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
  }
}
