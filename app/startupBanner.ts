import type { AgentRuntime } from '../runtime/AgentRuntime.ts'
import { countOf } from '../vocabulary/countOf.ts'
import { visibleText } from '../vocabulary/visibleText.ts'
import { suggestedOtlpEndpoint } from './appPorts.ts'
import type { AppTracing } from './startTracing.ts'

/** Where a started app keeps its runs and study data. */
export type StoreInUse =
  | { kind: 'files'; folder: string }
  | { kind: 'postgresql'; location: string; workspaceId: string; sourcesDir: string }

/** The first line the web app and the terminal chat print: which model answers. */
export function modelLine(model: string): string {
  return `StudyPulse · model: ${model}`
}

/** The banner line naming the store in use, and the variable that picks it. */
export function storeLine(store: StoreInUse): string {
  if (store.kind === 'files')
    return `  runs, tasks, memory and notebooks in studypulse.db in the workspace folder, notes and sources in its files (STUDYPULSE_DATABASE_URL would keep them in PostgreSQL)`
  return `  runs and study data: PostgreSQL ${store.location}, workspace "${store.workspaceId}" (STUDYPULSE_DATABASE_URL); sources stay files in ${store.sourcesDir}`
}

/** The banner line saying where traces go, or how to send them somewhere. */
export function tracingLine(tracing: AppTracing | undefined): string {
  if (tracing === undefined)
    return `  traces: off (OTEL_EXPORTER_OTLP_ENDPOINT=${suggestedOtlpEndpoint} sends them to an OTLP collector)`
  const content = tracing.recordContent ? ', with arguments and messages' : ''
  return `  traces: OTLP to ${tracing.endpoint}${content} (OTEL_EXPORTER_OTLP_ENDPOINT)`
}

/**
 * The banner line for runs restored at start-up, each named by what the person first asked (its
 * id is for the program): `restored 2 unfinished conversations: “add a task…”, “plan my week”`.
 */
export function restoredLine(
  runtime: Pick<AgentRuntime, 'view'>,
  restored: readonly string[],
): string {
  const named = restored.slice(0, 3).map((id) => {
    const first = runtime.view(id).events.find((e) => e.kind === 'userMessage')?.text ?? ''
    const words = visibleText(first, 'mark').trim()
    return words === ''
      ? 'one without a message'
      : `“${words.length > 60 ? `${words.slice(0, 59)}…` : words}”`
  })
  const more = restored.length > 3 ? ` and ${restored.length - 3} more` : ''
  return `  restored ${countOf(restored.length, 'unfinished conversation')}: ${named.join(', ')}${more} (open them in the page)`
}
