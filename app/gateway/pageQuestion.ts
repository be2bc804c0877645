import type { ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/server'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import { showInvisible } from './showInvisible.ts'

/** The page of one run in the StudyPulse web app at `pageUrl` (its card shows there). */
export function cardPageUrl(pageUrl: string, runId: string): string {
  return `${pageUrl.replace(/\/$/, '')}/?run=${encodeURIComponent(runId)}`
}

/**
 * The card as a URL-mode `elicitation/create`: the host offers to open the card's page in the
 * StudyPulse web app of the same workspace, where the person sees everything the card says and
 * allows or denies it. The answer is the page's to give, never the URL's: opening it decides nothing.
 */
export function pageQuestion(
  card: AgentEvent,
  asker: string,
  url: string,
  elicitationId: string,
): ElicitRequestURLParams {
  const lines = [
    `${asker} asks to: ${card.preview ?? card.toolName ?? 'run a tool'} (${card.permission ?? 'destructive'}).`,
    'Open StudyPulse to see what it will change and allow or deny it there.',
    ...(card.expiresAt === undefined ? [] : [`Unanswered, it is denied at ${card.expiresAt}.`]),
  ]
  return { mode: 'url', message: showInvisible(lines.join(' ')), url, elicitationId }
}

/**
 * What the host's answer to the page question decides: a person who declines to open the page
 * refuses the call (deny); accepting only opened the page, and cancelling dismissed the question,
 * so the card still waits on the page.
 */
export function pageAnswerOf(result: ElicitResult): ConfirmationDecision | undefined {
  return result.action === 'decline' ? 'deny' : undefined
}
