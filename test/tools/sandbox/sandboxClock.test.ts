import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadQuickJS } from '../../../tools/sandbox/loadQuickJS.ts'
import { runInQuickJS } from '../../../tools/sandbox/runInQuickJS.ts'
import { defaultSandboxLimits } from '../../../tools/sandbox/sandboxTypes.ts'

afterEach(() => vi.restoreAllMocks())

// A busy machine, made exact: every reading of the clock is a second after the one before.
function slowClock() {
  const start = Date.now()
  let readings = 0
  vi.spyOn(Date, 'now').mockImplementation(() => start + 1000 * readings++)
}

describe('the time limit counts the guest’s code, not setting up its runtime', () => {
  it('a trivial program is not execution_timeout however long our setup took', async () => {
    const module = await loadQuickJS(defaultSandboxLimits.memoryLimitBytes)
    const limits = { ...defaultSandboxLimits, timeoutMs: 300 }
    slowClock()
    const run = runInQuickJS(module, { code: '6 * 7', inputs: { 'a.md': 'x' }, limits })
    expect(run.outcome).toEqual({ ok: true, output: '', value: 42 })
  })

  it('the guest’s own loop still is', async () => {
    const module = await loadQuickJS(defaultSandboxLimits.memoryLimitBytes)
    const limits = { ...defaultSandboxLimits, timeoutMs: 300 }
    slowClock()
    const run = runInQuickJS(module, { code: 'for (;;) {}', inputs: {}, limits })
    expect(run.outcome).toMatchObject({ ok: false, code: 'execution_timeout' })
  })
})
