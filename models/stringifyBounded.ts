/** How deep model clients turn object arguments into text; deeper parts become `null` (still too deep for any registry limit up to this). */
export const argumentTextDepth = 1000

/**
 * `JSON.stringify` that never overflows the stack: objects nested deeper than `limit + 1` become
 * `null`, so the text still shows (and a depth check still refuses) a value that was too deep.
 */
export function stringifyBounded(value: unknown, limit = argumentTextDepth): string | undefined {
  const depths = new WeakMap<object, number>()
  return JSON.stringify(value, function (this: unknown, _key: string, item: unknown) {
    const parent = depths.get(this as object) ?? 0
    if (item === null || typeof item !== 'object') return item
    const depth = parent + 1
    if (depth > limit + 1) return null
    depths.set(item, depth)
    return item
  })
}
