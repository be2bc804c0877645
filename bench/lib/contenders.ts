import { aiSdk } from '../contenders/aiSdk.ts'
import { langgraph } from '../contenders/langgraph.ts'
import { openaiAgents } from '../contenders/openaiAgents.ts'
import { ours } from '../contenders/ours.ts'
import { plainLoop } from '../contenders/plainLoop.ts'
import { xstateFloor } from '../contenders/xstateFloor.ts'
import type { ContenderFactory } from './Contender.ts'

/** Every in-memory contender by name, in table order. */
export const contenders: Readonly<Record<string, ContenderFactory>> = {
  'plain-loop': plainLoop,
  studypulse: ours,
  'ai-sdk': aiSdk,
  'openai-agents': openaiAgents(false),
  'openai-agents+state': openaiAgents(true),
  langgraph,
  'xstate-floor': xstateFloor(true),
  'xstate-floor-no-children': xstateFloor(false),
}
