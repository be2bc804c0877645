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
