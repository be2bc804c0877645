/** The largest raw argument text a model may send for one call. */
export const maxArgumentBytes = 64 * 1024

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype'])

/** The outcome of turning a model's raw arguments into a plain value. */
export type ParsedArguments = { ok: true; value: unknown } | { ok: false; detail: string }

/** Parses a model's raw JSON arguments (or takes an object), refusing oversized text and prototype keys. */
export function parseArguments(raw: unknown): ParsedArguments {
  let value: unknown = raw
  if (typeof raw === 'string') {
    if (raw.length > maxArgumentBytes) {
      return {
        ok: false,
        detail: `arguments are ${raw.length} characters; the limit is ${maxArgumentBytes}`,
      }
    }
    const text = raw.trim() === '' ? '{}' : raw
    try {
      value = JSON.parse(text)
    } catch (error) {
      return { ok: false, detail: `arguments are not valid JSON: ${(error as Error).message}` }
    }
  } else if (raw === undefined || raw === null) {
    value = {}
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, detail: 'arguments must be a JSON object' }
  }
  const bad = findForbiddenKey(value, '')
  if (bad !== undefined) return { ok: false, detail: `key "${bad}" is not allowed in arguments` }
  return { ok: true, value }
}

function findForbiddenKey(value: unknown, path: string): string | undefined {
  if (value === null || typeof value !== 'object') return undefined
  for (const key of Object.keys(value)) {
    const here = path === '' ? key : `${path}.${key}`
    if (forbiddenKeys.has(key)) return here
    const found = findForbiddenKey((value as Record<string, unknown>)[key], here)
    if (found !== undefined) return found
  }
  return undefined
}
