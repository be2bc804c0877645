import type { TaskStore } from './TaskStore.ts'

/** A run that stopped at its approval; `approve` lets it finish and resolves with its final text. */
export interface WaitingRun {
  approve(): Promise<string>
}

/** One framework (or the plain loop) set up to run the shared workload. */
export interface Contender {
  readonly name: string
  /** Starts one run and resolves once it waits for approval, before the tool has run. */
  start(): Promise<WaitingRun>
  /** One long-lived run with `cycles` approved tool calls; resolves with the final text. */
  cycles?(cycles: number, onApproval: (k: number) => void): Promise<string>
  /** Releases temp folders and the like. */
  dispose?(): Promise<void>
}

/** Builds a contender over a task store. */
export type ContenderFactory = (store: TaskStore) => Promise<Contender>
