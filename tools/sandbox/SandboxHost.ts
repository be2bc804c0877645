import { Worker } from 'node:worker_threads'
import type { SandboxErrorCode, SandboxJob, SandboxOutcome } from './sandboxTypes.ts'
import type { WorkerReply, WorkerRequest } from './workerProtocol.ts'

/** How long a fresh worker may take to compile QuickJS before the run is given up. */
const START_TIMEOUT_MS = 30_000
/** How long past its CPU limit a run may go before the host ends the worker itself. */
const HARD_STOP_GRACE_MS = 1000

/** How a host is set up; the default suits every use but a test of one stop on its own. */
export interface SandboxHostOptions {
  /** How long past a run's time limit the host ends the worker (default 1000 ms). */
  hardStopGraceMs?: number
}

/** What a host has done so far, for tests and diagnostics. */
export interface SandboxStats {
  /** Jobs that reached a worker. */
  runs: number
  /** Workers started (one, plus one after each worker the host had to end). */
  workersStarted: number
  /** QuickJS modules the current worker has compiled. */
  moduleLoads: number
}

/**
 * Runs sandbox jobs one at a time in a worker thread. QuickJS checks its interrupt handler only
 * every few thousand operations, so a slow built-in can outrun the CPU limit; the host then ends
 * the worker, which nothing in it can prevent, and starts a fresh one for the next job.
 */
export class SandboxHost {
  #worker: Worker | undefined
  #queue: Promise<unknown> = Promise.resolve()
  #nextId = 1
  #stats: SandboxStats = { runs: 0, workersStarted: 0, moduleLoads: 0 }
  readonly #graceMs: number

  constructor(options: SandboxHostOptions = {}) {
    this.#graceMs = options.hardStopGraceMs ?? HARD_STOP_GRACE_MS
  }

  /** Queues a job; resolves with its outcome, never rejects. */
  run(job: SandboxJob, signal?: AbortSignal): Promise<SandboxOutcome> {
    const result = this.#queue.then(() => this.#runNow(job, signal))
    this.#queue = result.catch(() => undefined)
    return result
  }

  /** Counts so far. */
  stats(): SandboxStats {
    return { ...this.#stats }
  }

  /** Ends the worker, if any; the next job starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = undefined
    await worker?.terminate()
  }

  #spawn(): Worker {
    const worker = new Worker(new URL('./sandboxWorkerEntry.mjs', import.meta.url), {
      // The host's flags (inspector, loaders) are not the sandbox's business.
      execArgv: [],
      // A deep stack lets QuickJS's own stack limit trip first; the heap holds only strings.
      resourceLimits: {
        stackSizeMb: 16,
        maxOldGenerationSizeMb: 256,
        maxYoungGenerationSizeMb: 32,
      },
    })
    // An idle sandbox must not keep the process alive.
    worker.unref()
    this.#stats.workersStarted += 1
    this.#stats.moduleLoads = 0
    return worker
  }

  #runNow(job: SandboxJob, signal?: AbortSignal): Promise<SandboxOutcome> {
    if (signal?.aborted) return Promise.resolve(failure('cancelled', 'the run was cancelled'))
    this.#stats.runs += 1
    try {
      this.#worker ??= this.#spawn()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return Promise.resolve(failure('sandbox_failed', `the sandbox could not start: ${message}`))
    }
    const worker = this.#worker
    const id = this.#nextId++
    return new Promise((resolve) => {
      const settle = (outcome: SandboxOutcome, endWorker: boolean) => {
        clearTimeout(timer)
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
        signal?.removeEventListener('abort', onAbort)
        if (endWorker) {
          if (this.#worker === worker) this.#worker = undefined
          void worker.terminate()
        }
        resolve(outcome)
      }
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return
        if (reply.kind === 'started') {
          clearTimeout(timer)
          timer = setTimeout(
            () =>
              settle(
                failure(
                  'execution_timeout',
                  `the code ran longer than ${job.limits.timeoutMs} ms and was stopped`,
                ),
                true,
              ),
            job.limits.timeoutMs + this.#graceMs,
          )
          return
        }
        this.#stats.moduleLoads = reply.loads
        settle(reply.outcome, false)
      }
      const onError = (error: Error & { code?: string }) =>
        settle(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? failure('memory_limit', 'the code used more memory than it may')
            : failure('sandbox_failed', `the sandbox failed: ${error.message}`),
          true,
        )
      const onExit = (code: number) =>
        settle(failure('sandbox_failed', `the sandbox stopped (exit code ${code})`), true)
      const onAbort = () => settle(failure('cancelled', 'the run was cancelled'), true)
      let timer = setTimeout(
        () => settle(failure('sandbox_failed', 'the sandbox did not start in time'), true),
        START_TIMEOUT_MS,
      )
      worker.on('message', onMessage)
      worker.on('error', onError)
      worker.on('exit', onExit)
      signal?.addEventListener('abort', onAbort, { once: true })
      worker.postMessage({ id, job } satisfies WorkerRequest)
    })
  }
}

function failure(code: SandboxErrorCode, message: string): SandboxOutcome {
  return { ok: false, code, message, output: '' }
}
