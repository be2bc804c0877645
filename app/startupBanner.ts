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

/** Whether the banners speak to a developer (`STUDYPULSE_DEVELOPER=1`): variables and files named. */
export function developerFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.STUDYPULSE_DEVELOPER === '1'
}

/** What the start-up banner says about the model, the store, traces and cards. */
export interface BannerFacts {
  model: string
  store: StoreInUse
  tracing: AppTracing | undefined
  /** Set by the web app, which says how long a card waits. */
  confirmationTimeout?: string
}

/**
 * The banner's opening lines. A student reads only what they can act on, in words (issue #48);
 * a developer (`developer`) also reads the variables that change each setting and the files kept.
 */
export function bannerLines(facts: BannerFacts, developer: boolean): string[] {
  const { model, store, tracing, confirmationTimeout } = facts
  if (developer)
    return [
      firstBannerLine(model, true),
      storeLine(store),
      tracingLine(tracing),
      ...(confirmationTimeout === undefined
        ? []
        : [`  cards expire after ${confirmationTimeout} (STUDYPULSE_CONFIRMATION_TIMEOUT_MS)`]),
    ]
  return [
    firstBannerLine(model, false),
    store.kind === 'files'
      ? '  your work is kept in the workspace folder'
      : `  your work is kept in PostgreSQL at ${store.location}, workspace “${store.workspaceId}”`,
    ...(tracing === undefined ? [] : [`  traces go to ${tracing.endpoint}`]),
    ...(confirmationTimeout === undefined
      ? []
      : [`  a card waits ${confirmationTimeout} for your answer`]),
  ]
}

/** The banner's first line, printed before the rest is known: which model answers. */
export function firstBannerLine(model: string, developer: boolean): string {
  if (developer) return modelLine(model)
  const words = model === 'offline-planner' ? 'the offline planner, on this computer' : model
  return `StudyPulse · answers come from ${words}`
}
