import type { TokenUsage } from '../vocabulary/ChatMessage.ts'

/**
 * The token counts a provider reported, as a `TokenUsage`: only whole non-negative numbers are
 * taken (a server may leave a count out or send it malformed); undefined when neither is one.
 */
export function tokenUsage(input: unknown, output: unknown): TokenUsage | undefined {
  const inputTokens = count(input)
  const outputTokens = count(output)
  if (inputTokens === undefined && outputTokens === undefined) return undefined
  return {
    ...(inputTokens !== undefined && { inputTokens }),
    ...(outputTokens !== undefined && { outputTokens }),
  }
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}
