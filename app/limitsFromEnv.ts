import { argumentTextDepth } from '../models/stringifyBounded.ts'
import type { ToolLimits } from '../tools/ToolRegistry.ts'
import type { AppLimits } from './server/appLimits.ts'

/** The limits set in the environment; what is not set keeps its default. */
export interface EnvLimits {
  tools: Partial<ToolLimits>
  server: Partial<AppLimits>
}

type Spec = [variable: string, min: number, max: number]

const toolSpecs: Record<keyof ToolLimits, Spec> = {
  maxCallsPerTurn: ['STUDYPULSE_MAX_TOOL_CALLS_PER_TURN', 1, 1000],
  maxArgumentBytes: ['STUDYPULSE_MAX_ARGUMENT_BYTES', 1, 64 * 1024 * 1024],
  maxArgumentDepth: ['STUDYPULSE_MAX_ARGUMENT_DEPTH', 1, argumentTextDepth],
}
const serverSpecs: Partial<Record<keyof AppLimits, Spec>> = {
  maxOpenRuns: ['STUDYPULSE_MAX_OPEN_RUNS', 1, 1_000_000],
  maxOpenRunsPerNode: ['STUDYPULSE_MAX_OPEN_RUNS_PER_NODE', 1, 1_000_000],
  // setTimeout cannot wait longer than 2^31-1 ms; 0 turns the idle reaper off.
  idleRunMs: ['STUDYPULSE_IDLE_RUN_MS', 0, 2_147_483_647],
  keepEndedRuns: ['STUDYPULSE_KEEP_ENDED_RUNS', 0, 1_000_000],
  maxStreamsPerToken: ['STUDYPULSE_MAX_STREAMS', 1, 100_000],
}

/** Reads the limit variables (see README, Security model); throws a readable error for a bad value. */
export function limitsFromEnv(env: Record<string, string | undefined>): EnvLimits {
  return { tools: read(env, toolSpecs), server: read(env, serverSpecs) }
}

function read<K extends string>(
  env: Record<string, string | undefined>,
  specs: Partial<Record<K, Spec>>,
): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {}
  for (const [key, spec] of Object.entries(specs) as [K, Spec][]) {
    const [variable, min, max] = spec
    const raw = env[variable]
    if (raw === undefined || raw.trim() === '') continue
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${variable} must be a whole number from ${min} to ${max}, not "${raw}"`)
    out[key] = value
  }
  return out
}
