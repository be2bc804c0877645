import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { AppLimits } from './appLimits.ts'
import type { PersonWorkspaces } from './PersonWorkspaces.ts'
import type { PasskeyRelyingParty } from './passkeys/PasskeyRelyingParty.ts'

/** What the handlers work with: the runtime, each person's workspace and notebook, and the limits. */
export interface AppContext {
  runtime: AgentRuntime
  /** Each person's workspace and the notebook their runs see unless the request names another. */
  workspaces: PersonWorkspaces
  /** Hosted mode: people are signed in, and each person's runs are theirs. */
  hosted: boolean
  limits: AppLimits
  /** Event streams open now, per person (the single-user app counts its one launch token). */
  streams: Map<string, number>
  /** The app as a passkey relying party (hosted mode, a store that keeps passkeys): signed approvals. */
  passkeys?: PasskeyRelyingParty
}
