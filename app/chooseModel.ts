import { ModelError } from '../models/ModelError.ts'
import type { ModelClient } from '../models/messages.ts'
import { modelFromEnv } from '../models/modelFromEnv.ts'

/**
 * The model the app uses: whatever `STUDYPULSE_MODEL` names, else the offline planner. Settings
 * that cannot work (a missing key, say) end the program with the reason instead of a stack trace.
 */
export function chooseModel(env: NodeJS.ProcessEnv = process.env): ModelClient {
  try {
    return modelFromEnv(env)
  } catch (error) {
    if (!(error instanceof ModelError)) throw error
    process.stderr.write(`studypulse: ${error.message}\n`)
    process.exit(2)
  }
}
