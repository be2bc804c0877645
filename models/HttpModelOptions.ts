import type { RetryPolicy } from './withRetries.ts'

/** Settings shared by the clients that call a model over HTTP. */
export interface HttpModelOptions {
  /** The model id the server knows, e.g. `gpt-4o-mini` or `llama3.1`. */
  model: string
  /** The API key; local servers usually need none. */
  apiKey?: string
  /** The API root, e.g. `http://127.0.0.1:11434/v1`; the provider's own when left out. */
  baseURL?: string
  /** The name shown to the user; derived from the provider and model when left out. */
  name?: string
  /** Time limit for one attempt, streaming included, in milliseconds (default 120 000). */
  timeoutMs?: number
  /** Stream the answer (default true); text then reaches `onTextDelta` as it arrives. */
  stream?: boolean
  /** Overrides of the retry policy: attempts, delays, and the injectable sleep and random. */
  retry?: Partial<RetryPolicy>
}

/** The default time limit of one model call attempt. */
export const defaultModelTimeoutMs = 120_000
