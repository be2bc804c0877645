/** The bounds of one sandboxed run. */
export interface SandboxLimits {
  /** Memory the code may use, in bytes (QuickJS's limit, and the WebAssembly memory's cap above a fixed base). */
  memoryLimitBytes: number
  /** Running time before the interrupt handler stops the code, in milliseconds (the host ends it a second later). */
  timeoutMs: number
  /** Console output kept, in UTF-8 bytes; printing more stops the code. */
  maxOutputBytes: number
  /**
   * Console output kept, in lines; printing more stops the code. None by default (`Infinity`): the
   * byte cap is the one documented, and a flood of short lines reaches it in milliseconds, since
   * printed lines go to the host in batches.
   */
  maxOutputLines: number
  /** Size of the final value as JSON, in UTF-8 bytes. */
  maxResultBytes: number
  /** QuickJS stack, in bytes; small enough that deep recursion fails inside QuickJS, not in Node. */
  maxStackBytes: number
}

/** The limits `run_code` uses unless its factory is given others. */
export const defaultSandboxLimits: Readonly<SandboxLimits> = Object.freeze({
  memoryLimitBytes: 32 * 1024 * 1024,
  timeoutMs: 2000,
  maxOutputBytes: 64 * 1024,
  maxOutputLines: Number.POSITIVE_INFINITY,
  maxResultBytes: 64 * 1024,
  maxStackBytes: 512 * 1024,
})

/** Why a sandboxed run produced no result. */
export type SandboxErrorCode =
  | 'execution_timeout'
  | 'memory_limit'
  | 'output_limit'
  | 'result_too_large'
  | 'code_error'
  | 'cancelled'
  | 'sandbox_failed'

/** What a sandboxed run produced: its output and final value, or why it stopped (with the output so far). */
export type SandboxOutcome =
  | { ok: true; output: string; value?: unknown; valueText?: string }
  | { ok: false; code: SandboxErrorCode; message: string; output: string; line?: number }

/** One job as the worker receives it: JavaScript source, read-only text inputs by name, full limits. */
export interface SandboxJob {
  code: string
  inputs: Readonly<Record<string, string>>
  limits: SandboxLimits
}
