import { createToolRegistry } from '../../tools/createToolRegistry.ts'

// A uuid, or any run of 16+ hex digits (a digest, a hex id): what a person cannot read.
const idLike =
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b[0-9a-f]{16,}\b/gi

/** The names of the registry's own tools (snake_case), which are for the model, not for people. */
export function registryToolNames(): string[] {
  return createToolRegistry()
    .definitions()
    .map((d) => d.name)
}

/**
 * What in `text` a person should never read: ids, the registry's tool names, ISO dates, file names,
 * code words and a developer's phrases, each with the
 * line it is on (so a failure shows where it was found). `recordIds` are the stored ids of records
 * the text may be about (a note's "exam-plan"), which look like words to the patterns above.
 */
export function idsAndToolNames(text: string, recordIds: readonly string[] = []): string[] {
  const names = registryToolNames()
  const tool = new RegExp(`\\b(?:${names.join('|')})\\b`, 'g')
  const found: string[] = []
  for (const line of text.split('\n')) {
    // One date format: a person reads "Fri 4 Dec 2026", never "2026-12-04".
    for (const match of line.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g))
      found.push(`ISO date ${match[0]} in: ${line.trim()}`)
    for (const match of line.matchAll(idLike)) found.push(`id ${match[0]} in: ${line.trim()}`)
    for (const match of line.matchAll(tool)) found.push(`tool name ${match[0]} in: ${line.trim()}`)
    // A note or source by its file name, or any file a student did not name ("mcp.json").
    for (const match of line.matchAll(/(?<![\w/.-])[\w-]+\.(?:md|json|txt|db)\b/g))
      found.push(`file name ${match[0]} in: ${line.trim()}`)
    // The chart's and the code's own words: events (MODEL_DONE, OTEL_EXPORTER_OTLP_ENDPOINT),
    // names in code (isReadCall, awaitingConfirmation), and phrases only a developer reads.
    for (const match of line.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[a-z]+[A-Z]\w*\b/g))
      found.push(`code word ${match[0]} in: ${line.trim()}`)
    for (const words of developerPhrases)
      if (line.toLowerCase().includes(words)) found.push(`“${words}” in: ${line.trim()}`)
    for (const id of recordIds)
      if (new RegExp(`(?<![\\w-])${escaped(id)}(?![\\w-])`).test(line))
        found.push(`record id ${id} in: ${line.trim()}`)
  }
  return found
}

// What a student was shown and could not use (issue #48): the run as a developer sees it.
const developerPhrases = [
  'run started',
  'edited the arguments',
  'model: ',
  'offline-planner',
  'for this run',
  'the task with this id',
  'javascript in the sandbox',
]

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
