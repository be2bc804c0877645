import type { SandboxJob, SandboxOutcome } from './sandboxTypes.ts'

/** What the host sends the sandbox worker: one job at a time. */
export interface WorkerRequest {
  id: number
  job: SandboxJob
}

/** What the worker answers: `started` once the module is ready and the code begins, then `done`. */
export type WorkerReply =
  | { id: number; kind: 'started' }
  | { id: number; kind: 'done'; outcome: SandboxOutcome; loads: number }
