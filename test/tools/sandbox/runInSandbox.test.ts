import { describe, expect, it } from 'vitest'
import {
  defaultSandboxLimits,
  runInSandbox,
  type SandboxOutcome,
  sandboxStats,
} from '../../../tools/sandbox/runInSandbox.ts'
import { SandboxHost } from '../../../tools/sandbox/SandboxHost.ts'

// Code that ends by itself, or must stop on another limit (output, memory), gets all the time it
// could want: on a loaded machine half a second can pass before its first step, and the time
// limit would win. Nothing here asserts how long anything took.
const roomy = { timeoutMs: 60_000 }
const run = (code: string, inputs?: Record<string, string>) =>
  runInSandbox({ code, limits: roomy, ...(inputs && { inputs }) })
const runToLimit = (code: string) => runInSandbox({ code, limits: roomy })
// Only code that never ends gets a short time limit: it reaches it however busy the machine is.
const runToTimeout = (code: string) => runInSandbox({ code, limits: { timeoutMs: 500 } })

/** The next run after a hostile one must be a clean, working sandbox. */
async function expectHealthyNextRun(): Promise<void> {
  const next = await run('typeof leaked + " " + typeof Object.prototype.evil + " " + (6 * 7)')
  expect(next).toEqual({ ok: true, output: '', value: 'undefined undefined 42' })
}

function failure(outcome: SandboxOutcome) {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`)
  return outcome
}

describe('runInSandbox: results', () => {
  it('returns console output and the final value', async () => {
    const outcome = await run(
      'const xs = [12, 15, 19, 22]\nconsole.log("n =", xs.length, {a: 1})\nxs.reduce((s, x) => s + x, 0) / xs.length',
    )
    expect(outcome).toEqual({ ok: true, output: 'n = 4 {"a":1}\n', value: 17 })
  })

  it('gives values JSON cannot carry as text, and awaits a returned promise', async () => {
    expect(await run('NaN')).toMatchObject({ ok: true, valueText: 'NaN' })
    expect(await run('2n ** 70n')).toMatchObject({ ok: true, valueText: '1180591620717411303424' })
    expect(await run('(async () => { await null; return [1, 2] })()')).toMatchObject({
      ok: true,
      value: [1, 2],
    })
    expect(await run('console.log("only prints")')).toEqual({ ok: true, output: 'only prints\n' })
  })

  it('reports a syntax error and a thrown error with the message and line', async () => {
    expect(failure(await run('const a = 1\nlet x = ;'))).toMatchObject({
      code: 'code_error',
      message: expect.stringMatching(/^SyntaxError: /),
      line: 2,
    })
    const thrown = failure(await run('console.log("before")\n\nthrow new RangeError("boom")'))
    expect(thrown).toMatchObject({ code: 'code_error', message: 'RangeError: boom', line: 3 })
    expect(thrown.output).toBe('before\n')
    expect(failure(await run('Promise.reject(new TypeError("nope"))'))).toMatchObject({
      code: 'code_error',
      message: 'TypeError: nope',
    })
  })

  it('refuses a final value over the result cap and a promise that never settles', async () => {
    expect(failure(await run('"x".repeat(100 * 1024)')).code).toBe('result_too_large')
    expect(failure(await run('new Promise(() => {})'))).toMatchObject({
      code: 'code_error',
      message: expect.stringContaining('never settled'),
    })
  })

  it('passes inputs in as frozen text, not host objects', async () => {
    const outcome = await run(
      '"use strict"\nconst text = inputs["lecture-2.md"]\ntry { inputs["lecture-2.md"] = "changed" } catch (e) { console.log(e.name) }\n[typeof text, text, Object.isFrozen(inputs)]',
      { 'lecture-2.md': '# Cells' },
    )
    expect(outcome).toEqual({
      ok: true,
      output: 'TypeError\n',
      value: ['string', '# Cells', true],
    })
  })
})

describe('runInSandbox: hostile code', () => {
  it('stops while(true){} with execution_timeout, and the next run works', async () => {
    expect(failure(await runToTimeout('while (true) {}'))).toMatchObject({
      code: 'execution_timeout',
    })
    await expectHealthyNextRun()
  })

  it('refuses a 1 GB allocation with memory_limit without the host allocating it', async () => {
    const before = process.memoryUsage()
    expect(failure(await runToLimit('new ArrayBuffer(1024 * 1024 * 1024)')).code).toBe(
      'memory_limit',
    )
    expect(
      failure(
        await runToLimit('const keep = []\nfor (;;) keep.push(new Array(1e6).fill(keep.length))'),
      ).code,
    ).toBe('memory_limit')
    const after = process.memoryUsage()
    // Rough bounds: the host grew by far less than the gigabyte the code asked for.
    expect(after.rss - before.rss).toBeLessThan(256 * 1024 * 1024)
    expect(after.heapUsed - before.heapUsed).toBeLessThan(64 * 1024 * 1024)
    await expectHealthyNextRun()
  })

  it("cannot import('fs') or import statically", async () => {
    expect(failure(await run("import('fs')"))).toMatchObject({
      code: 'code_error',
      message: expect.stringContaining("could not load module 'fs'"),
    })
    expect(failure(await run("import fs from 'fs'\nfs.readFileSync('/etc/passwd')"))).toMatchObject(
      { code: 'code_error', message: expect.stringMatching(/^SyntaxError/) },
    )
    await expectHealthyNextRun()
  })

  it('has no require', async () => {
    expect(failure(await run("require('child_process')"))).toMatchObject({
      code: 'code_error',
      message: "ReferenceError: 'require' is not defined",
    })
    expect(await run('typeof require + typeof module + typeof exports')).toMatchObject({
      value: 'undefinedundefinedundefined',
    })
  })

  it('has no process, not even through constructor tricks', async () => {
    expect(failure(await run('process.exit(1)'))).toMatchObject({
      code: 'code_error',
      message: "ReferenceError: 'process' is not defined",
    })
    expect(
      failure(await run("this.constructor.constructor('return process')().exit(1)")),
    ).toMatchObject({ code: 'code_error', message: "ReferenceError: 'process' is not defined" })
    expect(failure(await run("console.log.constructor('return process')()"))).toMatchObject({
      code: 'code_error',
      message: "ReferenceError: 'process' is not defined",
    })
    expect(process.exitCode).toBeUndefined()
  })

  it('globalThis holds only the language, console and inputs', async () => {
    const outcome = await run(
      'Object.getOwnPropertyNames(globalThis).filter((name) => !/^[A-Z]/.test(name)).sort()',
    )
    expect(outcome).toMatchObject({ ok: true })
    const names = (outcome as { value: string[] }).value
    expect(names).toEqual(
      [
        'console',
        'decodeURI',
        'decodeURIComponent',
        'encodeURI',
        'encodeURIComponent',
        'escape',
        'eval',
        'globalThis',
        'inputs',
        'isFinite',
        'isNaN',
        'parseFloat',
        'parseInt',
        'undefined',
        'unescape',
      ].sort(),
    )
    const probe = await run(
      '["fetch", "setTimeout", "setInterval", "queueMicrotask", "WebAssembly", "Atomics", "std", "os", "Deno", "Bun", "XMLHttpRequest", "Buffer"].filter((name) => typeof globalThis[name] !== "undefined")',
    )
    expect(probe).toMatchObject({ ok: true, value: [] })
  })

  it('prototype tricks on the values passed in reach neither the host nor the next run', async () => {
    const outcome = await run(
      [
        'Object.getPrototypeOf(inputs).polluted = "yes"',
        'inputs.__proto__.evil = "yes"',
        'Object.prototype.toString = () => "hijacked"',
        'String.prototype.trim = () => "hijacked"',
        'JSON.stringify = () => "hijacked"',
        'let escaped = "no"',
        'try { escaped = inputs.constructor.constructor("return process")() } catch (e) { escaped = e.message }',
        '[({}).polluted, escaped, inputs["a.md"].trim()]',
      ].join('\n'),
      { 'a.md': ' text ' },
    )
    expect(outcome).toMatchObject({
      ok: true,
      value: ['yes', "'process' is not defined", 'hijacked'],
    })
    const host = {} as Record<string, unknown>
    expect(host.polluted).toBeUndefined()
    expect(host.evil).toBeUndefined()
    expect(Object.prototype.toString.call([])).toBe('[object Array]')
    expect(' x '.trim()).toBe('x')
    expect(JSON.stringify({ a: 1 })).toBe('{"a":1}')
    await expectHealthyNextRun()
    expect(await run('({}).polluted')).toEqual({ ok: true, output: '' })
  })

  it('caps 10 MB of console output at 64 KB and stops the code', async () => {
    const big = failure(await runToLimit('console.log("x".repeat(10 * 1024 * 1024))'))
    expect(big.code).toBe('output_limit')
    expect(Buffer.byteLength(big.output)).toBe(64 * 1024)
    const many = failure(
      await runToLimit('for (let i = 0; ; i++) console.log("line " + i + " " + "x".repeat(1000))'),
    )
    expect(many.code).toBe('output_limit')
    expect(Buffer.byteLength(many.output)).toBe(64 * 1024)
    expect(many.output.startsWith('line 0 x')).toBe(true)
    await expectHealthyNextRun()
  })

  it('10 million empty lines hit the output cap (64 KB), not the time limit', async () => {
    // With the default time limit, as run_code runs it: each empty line is one byte, and one host
    // call each took 65,536 calls (~30 µs each on a busy machine) to reach the cap, past the 2 s
    // limit. Lines now go to the host in batches.
    const flood = failure(
      await runInSandbox({ code: 'for (let i = 0; i < 1e7; i++) console.log("")' }),
    )
    expect(flood).toMatchObject({
      code: 'output_limit',
      message: expect.stringMatching(/65536 bytes/),
    })
    expect(flood.output).toBe('\n'.repeat(64 * 1024))
    await expectHealthyNextRun()
  })

  it('keeps exactly the first 64 KB of many short multibyte lines, never half a character (#50 finding 8)', async () => {
    // Each line is 7 bytes: a line cap of 5,000 stopped it at 35,000 bytes.
    const line = '😀é'
    for (const code of [
      `for (let i = 0; i < 20000; i++) console.log(${JSON.stringify(line)})`,
      `console.log(${JSON.stringify(`${line}\n`)}.repeat(20000))`,
    ]) {
      const printed = failure(await runToLimit(code))
      expect(printed.code).toBe('output_limit')
      // 9,362 whole lines are 65,534 bytes; the next 😀 (4 bytes) does not fit in the last 2.
      expect(Buffer.byteLength(printed.output)).toBe(65_534)
      expect(printed.output).toBe(`${line}\n`.repeat(9362))
    }
    // Output under the cap is kept whole, whether the code ends, throws or runs out of time.
    expect(await run('for (let i = 0; i < 9000; i++) console.log("😀é"); 1')).toEqual({
      ok: true,
      output: '😀é\n'.repeat(9000),
      value: 1,
    })
    const threw = failure(await run('console.log("before"); throw new Error("after")'))
    expect(threw).toMatchObject({ code: 'code_error', output: 'before\n' })
    const late = failure(await runToTimeout('console.log("before"); for (;;) {}'))
    expect(late).toMatchObject({ code: 'execution_timeout', output: 'before\n' })
    await expectHealthyNextRun()
  })

  it('a final value whose toJSON fills memory is memory_limit, not its text', async () => {
    const huge = failure(await runToLimit("({ toJSON() { return 'x'.repeat(20e6) } })"))
    expect(huge.code).toBe('memory_limit')
    // console.log's own JSON fallback lets the engine's error through too.
    expect(
      failure(await runToLimit("console.log({ toJSON() { return 'x'.repeat(20e6) } })")).code,
    ).toBe('memory_limit')
    await expectHealthyNextRun()
  })

  it('printing 8 MB of multibyte text in a loop is output_limit with the first 64 KB', async () => {
    // Before the fix each line was copied into the host in full, and only the host's hard stop
    // ended the loop, with no output at all.
    const printed = failure(await runToLimit("const s = 'é'.repeat(4e6)\nfor (;;) console.log(s)"))
    expect(printed.code).toBe('output_limit')
    expect(printed.output).toBe('é'.repeat(32 * 1024))
    // Catching the stop does not help: every later print stops again at once.
    const caught = failure(
      await runToLimit("for (;;) { try { console.log('x'.repeat(1e5)) } catch (stop) {} }"),
    )
    expect(caught.code).toBe('output_limit')
    expect(Buffer.byteLength(caught.output)).toBe(64 * 1024)
    await expectHealthyNextRun()
  })

  it('a thrown value whose getter loops is execution_timeout, not an undescribable error', async () => {
    expect(failure(await runToTimeout('throw { get name() { for (;;) {} } }'))).toMatchObject({
      code: 'execution_timeout',
      message: 'the code ran longer than 500 ms',
    })
    await expectHealthyNextRun()
  })

  it.each([
    ['many small objects', 'const a = []\nfor (;;) a.push({ x: 1 })'],
    ['many small arrays', 'const a = []\nfor (;;) a.push([1])'],
    ['a deep chain', 'let a = []\nfor (;;) a = [a]'],
  ])(
    'memory filled with %s is memory_limit, even when nothing is left to describe it',
    async (_, code) => {
      // Whether the heap still had room to describe the error depended on the limit. A host of
      // its own: each limit compiles a module, which the shared worker must not count.
      const host = new SandboxHost()
      try {
        for (const megabytes of [4, 16, 64]) {
          const memoryLimitBytes = megabytes * 1024 * 1024
          const limits = { ...defaultSandboxLimits, ...roomy, memoryLimitBytes }
          expect(failure(await host.run({ code, inputs: {}, limits }))).toMatchObject({
            code: 'memory_limit',
          })
        }
        const next = await host.run({
          code: '6 * 7',
          inputs: {},
          limits: { ...defaultSandboxLimits, ...roomy },
        })
        expect(next).toEqual({ ok: true, output: '', value: 42 })
      } finally {
        await host.close()
      }
    },
    // Three heaps filled one after the other: 27 s of a busy machine's 30 s default was seen.
    240_000,
  )

  it('ends a deep recursion with a stack overflow error, and the next run works', async () => {
    expect(
      failure(await run('function down(n) { return down(n + 1) + 1 }\ndown(0)')),
    ).toMatchObject({ code: 'code_error', message: 'InternalError: stack overflow' })
    await expectHealthyNextRun()
    // Recursion through built-ins puts far more native stack under each frame; the host survives it too.
    const native = failure(await run('function down() { return [1].map(down) }\ndown()'))
    expect(native).toMatchObject({ code: 'code_error', message: 'InternalError: stack overflow' })
    await expectHealthyNextRun()
  })

  it('keeps nothing from one run to the next and reuses the worker and its module', async () => {
    await expectHealthyNextRun()
    const before = sandboxStats()
    expect(await run('globalThis.leaked = 1; Object.prototype.evil = 1; 0')).toMatchObject({
      ok: true,
    })
    await expectHealthyNextRun()
    const after = sandboxStats()
    expect(after.runs).toBe(before.runs + 2)
    expect(after.workersStarted).toBe(before.workersStarted)
    expect(after.moduleLoads).toBe(1)
  })

  it('ends the worker when a slow built-in outruns the interrupt check, and starts a fresh one', async () => {
    // Each fill runs long between QuickJS's interrupt checks; only ending the thread stops it.
    await expectHealthyNextRun()
    const before = sandboxStats()
    expect(failure(await runToTimeout('for (;;) new Array(1e6).fill(1)'))).toMatchObject({
      code: 'execution_timeout',
      message: expect.stringContaining('was stopped'),
    })
    await expectHealthyNextRun()
    expect(sandboxStats().workersStarted).toBe(before.workersStarted + 1)
  })

  it('a cancelled run stops at once and the next run works', async () => {
    const controller = new AbortController()
    const running = runInSandbox({
      code: 'while (true) {}',
      limits: { timeoutMs: 60_000 },
      signal: controller.signal,
    })
    controller.abort()
    expect(failure(await running).code).toBe('cancelled')
    await expectHealthyNextRun()
  })
})
