/**
 * How deeply a JSON text nests (`{}` is 1, `{"a":[]}` is 2), counted without recursion so that
 * hostile input cannot overflow the stack. Stops counting once past `limit`.
 */
export function jsonTextDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) return deepest
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return deepest
}

/** How deeply a value nests as JSON, walked without recursion; stops once past `limit`. */
export function jsonValueDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number]
    if (item === null || typeof item !== 'object') continue
    if (depth > deepest) deepest = depth
    if (deepest > limit) return deepest
    for (const key of Object.keys(item))
      stack.push([(item as Record<string, unknown>)[key], depth + 1])
  }
  return deepest
}
