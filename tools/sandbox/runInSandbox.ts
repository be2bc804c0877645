import { SandboxHost, type SandboxStats } from './SandboxHost.ts'
import { defaultSandboxLimits, type SandboxLimits, type SandboxOutcome } from './sandboxTypes.ts'

export {
  defaultSandboxLimits,
  type SandboxErrorCode,
  type SandboxLimits,
  type SandboxOutcome,
} from './sandboxTypes.ts'

/** One run: JavaScript source, read-only text inputs by name, limits, and a signal that stops it. */
export interface SandboxRequest {
  code: string
  inputs?: Readonly<Record<string, string>>
  limits?: Partial<SandboxLimits>
  signal?: AbortSignal
}

const host = new SandboxHost()

/**
 * Runs JavaScript in QuickJS compiled to WebAssembly, in a worker thread: no file system, network,
 * timers or host objects; only `console` (strings out) and the frozen `inputs`. Never throws for
 * anything the code does: limits and errors come back as `{ ok: false, code }`.
 */
export function runInSandbox(request: SandboxRequest): Promise<SandboxOutcome> {
  const limits: SandboxLimits = { ...defaultSandboxLimits, ...request.limits }
  return host.run({ code: request.code, inputs: { ...request.inputs }, limits }, request.signal)
}

/** What the shared sandbox has done in this process; a denied call must leave `runs` unchanged. */
export function sandboxStats(): SandboxStats {
  return host.stats()
}
