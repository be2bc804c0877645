import type {
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
} from '@modelcontextprotocol/server'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { Identity } from '../../vocabulary/Identity.ts'

/** What the gateway knows of the client making one call, and how to reach it. */
export interface GatewayCaller {
  /** The host's name for people (its `clientInfo` title or name). */
  name: string
  /**
   * The MCP session the call came in (one per stdio process, one per Streamable HTTP session):
   * its card is shown and decided through the card app only in this session.
   */
  session: string
  /**
   * The signed-in person making the call (hosted mode): the run is theirs (`startedBy`), and
   * their answer in the host is their decision, taken only as far as the approval rules allow.
   */
  person?: Identity
  /** Asks the person in the host (form-mode elicitation); absent when the client cannot. */
  elicit?: (params: ElicitRequestFormParams, signal: AbortSignal) => Promise<ElicitResult>
  /**
   * Offers the person the card's page (URL-mode elicitation), and says when the card that page
   * shows is answered; absent when the client cannot open URLs.
   */
  openPage?: {
    ask(params: ElicitRequestURLParams, signal: AbortSignal): Promise<ElicitResult>
    done(elicitationId: string): Promise<void>
  }
  /** Tells the client the call is still waiting; absent when it gave no progress token. */
  progress?: (progress: number, message: string) => Promise<void>
  /**
   * Told when the call's card is shown; returning true takes the asking over (the gateway then
   * asks nothing in the host itself): a 2026-07-28 client is asked by the call's own answer.
   */
  onCard?: (runId: string, card: AgentEvent) => boolean
  /** Aborted when the client cancels the call or goes away. */
  signal: AbortSignal
}
