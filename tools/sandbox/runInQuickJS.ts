import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten'
import { OutputBuffer } from './OutputBuffer.ts'
import { SANDBOX_SETUP } from './sandboxSetup.ts'
import type { SandboxErrorCode, SandboxJob, SandboxLimits, SandboxOutcome } from './sandboxTypes.ts'

const FILE_NAME = 'run_code.js'
const MAX_MESSAGE = 500
/** Memory lent past the limit to describe what the code threw (within the module's fixed base). */
const DESCRIBE_ROOM_BYTES = 1024 * 1024

/** A finished run, and whether the module it ran in may be used again. */
export interface QuickJSRun {
  outcome: SandboxOutcome
  /** The host failed mid-run (its stack ran out inside WebAssembly, or QuickJS aborted). */
  moduleBroken: boolean
}

/**
 * Runs JavaScript synchronously in a fresh QuickJS runtime of `module`: no file system, network,
 * timers or host objects; only `console` (strings out) and the frozen `inputs`. The interrupt
 * handler stops it after `timeoutMs` of wall-clock time. Never throws for anything the code does.
 */
export function runInQuickJS(module: QuickJSWASMModule, job: SandboxJob): QuickJSRun {
  const { limits } = job
  const output = new OutputBuffer(limits.maxOutputBytes, limits.maxOutputLines)
  // The clock starts with the guest's code, not with our runtime and helpers: on a busy machine
  // setting those up took longer than a short limit, and '6 * 7' was execution_timeout.
  let deadline = Number.POSITIVE_INFINITY
  const startClock = () => {
    deadline = Date.now() + limits.timeoutMs
  }
  let timedOut = false
  try {
    const runtime = module.newRuntime()
    runtime.setMemoryLimit(limits.memoryLimitBytes)
    runtime.setMaxStackSize(limits.maxStackBytes)
    runtime.setInterruptHandler(() => {
      if (output.overflowed) return true
      if (Date.now() > deadline) timedOut = true
      return timedOut
    })
    const context = runtime.newContext()
    const fail = (code: SandboxErrorCode, message: string, line?: number): SandboxOutcome => ({
      ok: false,
      code,
      message,
      output: output.text(),
      ...(line !== undefined && { line }),
    })
    const stopped = (): SandboxOutcome | undefined =>
      output.overflowed
        ? fail(
            'output_limit',
            output.reached === 'lines'
              ? `the code printed more than ${limits.maxOutputLines} lines`
              : `the code printed more than ${limits.maxOutputBytes} bytes`,
          )
        : timedOut
          ? fail('execution_timeout', `the code ran longer than ${limits.timeoutMs} ms`)
          : undefined
    const outcome = evaluate(context, runtime, job, { output, stopped, fail, startClock })
    context.dispose()
    runtime.dispose()
    return { outcome, moduleBroken: false }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const base = { ok: false as const, output: output.text() }
    if (timedOut) {
      return {
        outcome: { ...base, code: 'execution_timeout', message: 'the code ran too long' },
        moduleBroken: true,
      }
    }
    if (error instanceof RangeError && /call stack/i.test(message)) {
      return {
        outcome: { ...base, code: 'code_error', message: 'InternalError: stack overflow' },
        moduleBroken: true,
      }
    }
    return {
      outcome: { ...base, code: 'sandbox_failed', message: clip(message) },
      moduleBroken: true,
    }
  }
}

type Fail = (code: SandboxErrorCode, message: string, line?: number) => SandboxOutcome

// What `evaluate` reports through, and starts the guest's clock with.
interface RunParts {
  output: OutputBuffer
  stopped: () => SandboxOutcome | undefined
  fail: Fail
  startClock: () => void
}

function evaluate(
  context: QuickJSContext,
  runtime: QuickJSRuntime,
  job: SandboxJob,
  { output, stopped, fail, startClock }: RunParts,
): SandboxOutcome {
  // Every thrown value is a handle that must be freed, even when the run was stopped anyway.
  const thrown = (error: QuickJSHandle, describe?: QuickJSHandle): SandboxOutcome => {
    const stop = stopped()
    if (stop !== undefined) {
      error.dispose()
      return stop
    }
    // Describing runs the value's own getters, which may loop or print: the stop flags are read
    // again afterwards. It also needs to allocate, which a full heap refuses: a little room is
    // lent for it (the WebAssembly memory's cap still holds).
    runtime.setMemoryLimit(job.limits.memoryLimitBytes + DESCRIBE_ROOM_BYTES)
    const described = classify(context, error, fail, describe)
    return stopped() ?? described
  }
  const helpers = setUp(context, output, job.inputs)
  if (!helpers.ok) return thrown(helpers.error)
  const { serialize, describe, pending } = helpers
  // Whatever ends the code, what it printed is all in `output` before the outcome is decided.
  const drained = (error: QuickJSHandle): SandboxOutcome => {
    drainPending(context, pending, output)
    return thrown(error, describe)
  }
  try {
    startClock()
    const evaluated = context.evalCode(job.code, FILE_NAME, { type: 'global' })
    if (evaluated.error) return drained(evaluated.error)
    let value = evaluated.value
    try {
      const jobs = runtime.executePendingJobs()
      if (jobs.error) return drained(jobs.error)
      drainPending(context, pending, output)
      const state = context.getPromiseState(value)
      if (state.type === 'pending') {
        return stopped() ?? fail('code_error', 'the code returned a promise that never settled')
      }
      if (state.type === 'rejected') return thrown(state.error, describe)
      if (state.value !== value) {
        value.dispose()
        value = state.value
      }
      const serialized = context.callFunction(serialize, context.undefined, value)
      if (serialized.error) return thrown(serialized.error, describe)
      const text = serialized.value.consume((handle) =>
        context.typeof(handle) === 'string' ? context.getString(handle) : undefined,
      )
      // A value's toJSON may print too.
      drainPending(context, pending, output)
      return stopped() ?? toValue(text, job.limits, output, fail)
    } finally {
      if (value.alive) value.dispose()
    }
  } finally {
    serialize.dispose()
    describe.dispose()
    pending.dispose()
  }
}

type Helpers =
  | { ok: true; serialize: QuickJSHandle; describe: QuickJSHandle; pending: QuickJSHandle }
  | { ok: false; error: QuickJSHandle }

function setUp(
  context: QuickJSContext,
  output: OutputBuffer,
  inputs: Readonly<Record<string, string>>,
): Helpers {
  const setup = context.evalCode(SANDBOX_SETUP, 'sandbox-setup.js', { type: 'global' })
  if (setup.error) return { ok: false, error: setup.error }
  // The one host function: it accepts strings only and never hands anything back.
  // Past the cap nothing more is copied out of the sandbox, and the answer tells `console` to stop.
  const write = context.newFunction('write', (text) => {
    if (!output.overflowed && context.typeof(text) === 'string') {
      output.append(context.getString(text))
    }
    return output.overflowed ? context.false : context.true
  })
  const inputsJson = context.newString(JSON.stringify(Object.fromEntries(Object.entries(inputs))))
  const installed = context.callFunction(setup.value, context.undefined, write, inputsJson)
  setup.value.dispose()
  write.dispose()
  inputsJson.dispose()
  if (installed.error) return { ok: false, error: installed.error }
  const helpers = installed.value
  const serialize = context.getProp(helpers, 0)
  const describe = context.getProp(helpers, 1)
  const pending = context.getProp(helpers, 2)
  helpers.dispose()
  return { ok: true, serialize, describe, pending }
}

/**
 * Hands the host what the code printed that still waits in the sandbox (`pending.parts`, see
 * SANDBOX_SETUP). Only reads plain values the code cannot reach, so it runs no code of its own and
 * works after the code was interrupted too.
 */
function drainPending(context: QuickJSContext, pending: QuickJSHandle, output: OutputBuffer): void {
  const parts = context.getProp(pending, 'parts')
  try {
    const count = context.getProp(parts, 'length').consume((length) => context.getNumber(length))
    for (let i = 0; i < count && !output.overflowed; i++) {
      const part = context.getProp(parts, i)
      if (context.typeof(part) === 'string') output.append(context.getString(part))
      part.dispose()
    }
  } finally {
    parts.dispose()
  }
  const emptied = context.newArray()
  context.setProp(pending, 'parts', emptied)
  emptied.dispose()
}

function toValue(
  text: string | undefined,
  limits: SandboxLimits,
  output: OutputBuffer,
  fail: Fail,
): SandboxOutcome {
  if (text === undefined) return fail('sandbox_failed', 'the final value could not be read')
  if (Buffer.byteLength(text, 'utf8') > limits.maxResultBytes + 1) {
    return fail('result_too_large', `the final value is larger than ${limits.maxResultBytes} bytes`)
  }
  if (text === '') return { ok: true, output: output.text() }
  const body = text.slice(1)
  return text.startsWith('J')
    ? { ok: true, output: output.text(), value: JSON.parse(body) as unknown }
    : { ok: true, output: output.text(), valueText: body }
}

/** Turns a thrown value into `memory_limit` or `code_error` with its message and line. */
function classify(
  context: QuickJSContext,
  error: QuickJSHandle,
  fail: Fail,
  describe?: QuickJSHandle,
): SandboxOutcome {
  const described = error.consume((handle) => describeThrown(context, handle, describe))
  if (described.name === 'InternalError' && described.message === 'out of memory') {
    return fail('memory_limit', 'the code used more memory than it may')
  }
  const text = described.name === '' ? described.message : `${described.name}: ${described.message}`
  return fail('code_error', clip(text), described.line)
}

interface Described {
  name: string
  message: string
  line?: number
}

const outOfMemory: Described = Object.freeze({ name: 'InternalError', message: 'out of memory' })

function describeThrown(
  context: QuickJSContext,
  error: QuickJSHandle,
  describe?: QuickJSHandle,
): Described {
  const type = context.typeof(error)
  if (type === 'string') return { name: '', message: context.getString(error) }
  if (type === 'number') return { name: '', message: String(context.getNumber(error)) }
  if (type !== 'object') return { name: '', message: `the code threw a ${type}` }
  if (!describe) {
    // Setup failed before any user code ran, so the error is QuickJS's own and safe to dump.
    const dumped = context.dump(error) as { name?: unknown; message?: unknown } | undefined
    return {
      name: typeof dumped?.name === 'string' ? dumped.name : '',
      message: typeof dumped?.message === 'string' ? dumped.message : 'the sandbox could not start',
    }
  }
  const call = context.callFunction(describe, context.undefined, error)
  if (call.error) {
    // `describe` answers for every value the code can throw, hostile getters included; what it
    // cannot survive is the engine refusing to allocate (a time-out was checked before this).
    call.error.dispose()
    return outOfMemory
  }
  const text = call.value.consume((handle) =>
    context.typeof(handle) === 'string' ? context.getString(handle) : '',
  )
  try {
    const parsed = JSON.parse(text) as { name?: unknown; message?: unknown; stack?: unknown }
    const name = typeof parsed.name === 'string' ? parsed.name : ''
    const message = typeof parsed.message === 'string' ? parsed.message : ''
    const stack = typeof parsed.stack === 'string' ? parsed.stack : ''
    const line = new RegExp(`${FILE_NAME.replace('.', '\\.')}:(\\d+)`).exec(stack)?.[1]
    return { name, message, ...(line !== undefined && { line: Number(line) }) }
  } catch {
    return { name: '', message: 'the code threw a value that could not be described' }
  }
}

function clip(text: string): string {
  return text.length <= MAX_MESSAGE ? text : `${text.slice(0, MAX_MESSAGE)}…`
}
