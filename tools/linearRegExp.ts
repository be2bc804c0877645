import { RE2JS } from 're2js'

/**
 * The largest RE2 program one schema pattern may compile to. Matching is linear in the input, but
 * the constant grows with the program: at this size a 64 KiB argument is checked in tens of
 * milliseconds, while four times as large takes seconds.
 */
export const maxPatternProgramSize = 1000

/** Thrown when a schema's pattern cannot be run in linear time; `adaptMcpTool` skips the tool. */
export class UnsafePatternError extends Error {
  override readonly name = 'UnsafePatternError'
  readonly code = 'unsafe_pattern'
}

/** What ajv needs of a compiled pattern. */
interface RegExpLike {
  test(text: string): boolean
  toString(): string
}

/**
 * Compiles a JSON Schema `pattern` with RE2 (a pure-JS port), which matches in time linear in the
 * input: a server's `^(a+)+$` cannot stall the host. Lookaround and backreferences have no
 * linear-time match, so such patterns, and very large ones, are refused with a reason.
 */
export function linearRegExp(pattern: string): RegExpLike {
  let compiled: RE2JS
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern))
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    throw new UnsafePatternError(
      `its pattern ${JSON.stringify(pattern)} cannot be checked in linear time (${why}); lookahead, lookbehind and backreferences are refused`,
    )
  }
  if (compiled.programSize() > maxPatternProgramSize) {
    throw new UnsafePatternError(
      `its pattern ${JSON.stringify(pattern)} is too large to check quickly (program size ${compiled.programSize()}, at most ${maxPatternProgramSize})`,
    )
  }
  // ajv keys compiled patterns by their text: two patterns must never share a key.
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/` }
}
// ajv writes `code` into standalone validation code, which the host never generates.
linearRegExp.code = 'linearRegExp'
