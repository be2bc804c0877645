import { afterEach, describe, expect, it } from 'vitest'
import { SandboxHost } from '../../../tools/sandbox/SandboxHost.ts'
import { defaultSandboxLimits, type SandboxJob } from '../../../tools/sandbox/sandboxTypes.ts'

// The sandbox has two time limits, one inside the other: QuickJS's interrupt handler (at the
// limit) and the host ending the worker (a grace later). Each is proven here with the other out
// of the way. If the one under test stopped working, its test would never finish and fail on
// vitest's own time-out: nothing here measures how long anything took.
const job = (code: string, timeoutMs = 300): SandboxJob => ({
  code,
  inputs: {},
  limits: { ...defaultSandboxLimits, timeoutMs },
})
// The next job ends by itself: a limit it cannot reach on a busy machine (300 ms of wall clock
// can pass before its first step there).
const next = () => job('6 * 7', 60_000)
let host: SandboxHost
afterEach(() => host.close())

// Each test starts a worker that compiles QuickJS: 15 s of a busy machine's 30 s was seen.
describe('each time limit stops the code on its own', { timeout: 120_000 }, () => {
  it('QuickJS’s interrupt handler alone stops while(true){}: the host’s hard stop is ten minutes away', async () => {
    host = new SandboxHost({ hardStopGraceMs: 10 * 60_000 })
    expect(await host.run(job('while (true) {}'))).toEqual({
      ok: false,
      code: 'execution_timeout',
      message: 'the code ran longer than 300 ms',
      output: '',
    })
    // The worker was not ended: the same one runs the next job.
    expect(await host.run(next())).toEqual({ ok: true, output: '', value: 42 })
    expect(host.stats().workersStarted).toBe(1)
  })

  it('the host’s hard stop alone ends a guest that never reaches an interrupt check', async () => {
    // Each fill runs long inside one built-in, and the loop around it takes so few steps that
    // QuickJS does not call its interrupt handler within 20 s: only ending the worker stops it.
    host = new SandboxHost({ hardStopGraceMs: 200 })
    expect(await host.run(job('for (;;) new Array(1e6).fill(1)'))).toEqual({
      ok: false,
      code: 'execution_timeout',
      message: 'the code ran longer than 300 ms and was stopped',
      output: '',
    })
    expect(await host.run(next())).toEqual({ ok: true, output: '', value: 42 })
    expect(host.stats().workersStarted).toBe(2)
  })
})
