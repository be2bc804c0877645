import type { ConfirmationRequest } from './ConfirmationRequest.ts'

/** The program a `run_code` card would run, and the sources it would read. */
export interface CodeToRun {
  code: string
  inputs: readonly string[]
}

/** The code of a `run_code` card from its validated arguments, or undefined for any other card. */
export function codeToRun(request: ConfirmationRequest): CodeToRun | undefined {
  if (request.toolName !== 'run_code' || request.argumentsJson === undefined) return undefined
  let args: unknown
  try {
    args = JSON.parse(request.argumentsJson)
  } catch {
    return undefined
  }
  if (args === null || typeof args !== 'object') return undefined
  const { code, inputs } = args as { code?: unknown; inputs?: unknown }
  if (typeof code !== 'string') return undefined
  const names = Array.isArray(inputs)
    ? inputs.filter((i): i is string => typeof i === 'string')
    : []
  return { code, inputs: names }
}
