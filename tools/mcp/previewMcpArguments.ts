import { canonicalJson } from '../canonicalJson.ts'

/** The longest part of one argument's value the one-line preview shows. */
const valueLimit = 80
/** The most arguments the one-line preview names; the rest are named as left out. */
const argumentLimit = 12

/**
 * An MCP call's arguments on one line, for its card's headline and its audit line: shortest
 * first, each value cut on its own (`… (N more characters)`), so a long `content` never hides a
 * short `path`; arguments past the twelfth are named as left out. The card shows them all.
 */
export function previewMcpArguments(args: Record<string, unknown>): string {
  const entries = mcpArgumentEntries(args)
  const shown = entries.slice(0, argumentLimit).map(({ key, json }) => `${key}: ${cut(json)}`)
  const left = entries.slice(argumentLimit).map((entry) => entry.key)
  if (left.length > 0)
    shown.push(
      `and ${left.length} more argument${left.length === 1 ? '' : 's'}: ${left.join(', ')}`,
    )
  return shown.length === 0 ? '(no arguments)' : shown.join(', ')
}

/** Each argument as JSON, shortest first (then by name), as the card and the terminal list them. */
export function mcpArgumentEntries(args: Record<string, unknown>): { key: string; json: string }[] {
  return Object.keys(args)
    .map((key) => ({ key, json: canonicalJson(args[key]) }))
    .sort((a, b) => a.json.length - b.json.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

function cut(json: string): string {
  if (json.length <= valueLimit) return json
  const rest = json.length - valueLimit
  return `${json.slice(0, valueLimit)}… (${rest.toLocaleString('en-GB')} more characters)`
}
