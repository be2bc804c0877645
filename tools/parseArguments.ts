import { jsonTextDepth, jsonValueDepth } from './jsonDepth.ts'

/** The largest raw argument text a model may send for one call, unless the registry sets another. */
export const maxArgumentBytes = 64 * 1024

/** How deeply one call's arguments may nest, unless the registry sets another. */
export const maxArgumentDepth = 64

/** Caps on one call's arguments; both are answered with an `invalid_arguments` tool result. */
export interface ArgumentLimits {
  /** Characters of argument text (default 64 KiB). */
  maxBytes?: number
  /** Levels of nested objects and lists (default 64). */
  maxDepth?: number
}

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype'])

/** The outcome of turning a model's raw arguments into a plain value. */
export type ParsedArguments = { ok: true; value: unknown } | { ok: false; detail: string }

/**
 * Parses a model's raw JSON arguments (or takes an object), refusing oversized or too deeply
 * nested input (checked without recursion, before anything recursive sees it), NUL characters in
 * any key or string (no store could keep the card), and prototype keys.
 */
export function parseArguments(raw: unknown, limits: ArgumentLimits = {}): ParsedArguments {
  const maxBytes = limits.maxBytes ?? maxArgumentBytes
  const maxDepth = limits.maxDepth ?? maxArgumentDepth
  let value: unknown = raw
  if (typeof raw === 'string') {
    if (raw.length > maxBytes) {
      return {
        ok: false,
        detail: `arguments are ${raw.length} characters; the limit is ${maxBytes}`,
      }
    }
    // A text can nest no deeper than it is long: a short one needs no scan.
    if (raw.length > maxDepth && jsonTextDepth(raw, maxDepth) > maxDepth) return tooDeep(maxDepth)
    const text = raw.trim() === '' ? '{}' : raw
    try {
      value = JSON.parse(text)
    } catch (error) {
      return { ok: false, detail: `arguments are not valid JSON: ${(error as Error).message}` }
    }
  } else if (raw === undefined || raw === null) {
    value = {}
  } else if (jsonValueDepth(raw, maxDepth) > maxDepth) {
    return tooDeep(maxDepth)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, detail: 'arguments must be a JSON object' }
  }
  // PostgreSQL keeps no NUL in text or jsonb: a card holding one could never be saved.
  const nul = findNul(value, '')
  if (nul !== undefined)
    return {
      ok: false,
      detail: `arguments must not contain NUL characters (U+0000)${nul === '' ? '' : `: see ${nul}`}`,
    }
  const bad = findForbiddenKey(value, '')
  if (bad !== undefined) return { ok: false, detail: `key "${bad}" is not allowed in arguments` }
  return { ok: true, value }
}

function tooDeep(maxDepth: number): ParsedArguments {
  return { ok: false, detail: `arguments nest deeper than ${maxDepth} levels` }
}

// The path of the first key or string holding a NUL ('' for the top), its NULs shown as `\0`.
function findNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (value === null || typeof value !== 'object') return undefined
  for (const [key, item] of Object.entries(value)) {
    const here = `${path === '' ? '' : `${path}.`}${key.replaceAll('\u0000', '\\0')}`
    if (key.includes('\u0000')) return here
    const found = findNul(item, here)
    if (found !== undefined) return found
  }
  return undefined
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
