import { intentTools, type PlannerIntent } from './plannerIntents.ts'
import { quoted } from './plannerText.ts'

const CAPABILITIES: ReadonlyMap<PlannerIntent['kind'], string> = new Map([
  ['create_task', 'create tasks'],
  ['list_tasks', 'list your tasks'],
  ['search_workspace', 'search your workspace'],
  ['read_source', 'read sources'],
  ['write_memory', 'remember things'],
  ['save_artifact', 'save notes'],
  ['delete_task', 'delete tasks'],
  ['update_task', 'change tasks'],
  ['list_memory', 'say what I remember'],
  ['forget_memory', 'forget things'],
  ['list_artifacts', 'list your notes'],
  ['read_artifact', 'read your notes'],
  ['run_code', 'run code'],
])

/** Lines about clauses the planner skipped: ones it did not understand or whose tools are not offered. */
export function plannerNotes(
  intents: readonly PlannerIntent[],
  available: ReadonlySet<string>,
): string[] {
  const notes = new Set<string>()
  for (const intent of intents) {
    if (intent.kind === 'unknown') {
      notes.add(`I did not understand ${quoted(intent.clause)}, so I skipped it.`)
      continue
    }
    const missing = intentTools(intent).filter((tool) => !available.has(tool))
    if (missing.length === 0) continue
    const capability = CAPABILITIES.get(intent.kind) ?? 'do that'
    const tools = missing.join(' and ')
    const verb = missing.length === 1 ? 'tool is' : 'tools are'
    notes.add(`I can't ${capability} here: the ${tools} ${verb} not available.`)
  }
  return [...notes]
}
