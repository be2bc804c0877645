import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { ModelError } from '../ModelError.ts'
import type { ModelClient, ModelRequest } from '../messages.ts'

// The rules, the date parser and the classifier's model are most of a browser bundle's weight:
// they load on the first turn (a chunk of their own in an app's build), not with the page.
let planner: Promise<typeof import('./planOfflineTurn.ts')> | undefined

// A chunk that failed to load (a dropped connection) is tried again on the next turn.
function loadPlanner(name: string): Promise<typeof import('./planOfflineTurn.ts')> {
  planner ??= import('./planOfflineTurn.ts').catch((error: unknown) => {
    planner = undefined
    throw new ModelError('model_unavailable', `${name}: could not load the planner (${error}).`)
  })
  return planner
}

const CONFUSED =
  'Sorry, I could not make sense of that conversation. Could you ask again in other words?'

/** StudyPulse's embedded default model: deterministic rules, no network; proposes tool calls and summarises their results. */
export class OfflinePlanner implements ModelClient {
  readonly name = 'offline-planner'
  readonly #clock: () => Date

  constructor(options: { clock?: () => Date } = {}) {
    this.#clock = options.clock ?? (() => new Date())
  }

  /** Plans the next turn from the conversation since the last user message. */
  async complete(request: ModelRequest): Promise<ModelTurn> {
    if (request.signal.aborted) {
      throw new ModelError('model_aborted', `${this.name}: the model call was aborted.`)
    }
    const { planOfflineTurn } = await loadPlanner(this.name)
    try {
      return await planOfflineTurn(request, this.#clock())
    } catch {
      // The planner must never fail a run over odd input; a confused answer is better than a crash.
      return { text: CONFUSED }
    }
  }
}
