import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/server'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ConfirmationDecision, RuleScope } from '../../vocabulary/Decision.ts'
import { mayBeAllowedByRule } from '../../vocabulary/PermissionLevel.ts'
import { formatDescription } from '../formatDescription.ts'
import { showInvisible } from './showInvisible.ts'

/** The most characters of arguments a question shows; the rest is said to be left out. */
const maxArgumentsShown = 4_000

/** What a person's answer in the host comes to: a decision, and a rule kept with it. */
export interface HostAnswer {
  decision: ConfirmationDecision
  remember?: RuleScope
}

/** The choices a question offers for a card of this level (allow once is the default). */
function choicesFor(permission: AgentEvent['permission']): { const: string; title: string }[] {
  return [
    { const: 'allow_once', title: 'Allow once' },
    // A rule may allow only write calls, and only for a session (see `PolicyStore.check`).
    ...(permission !== undefined && mayBeAllowedByRule(permission)
      ? [{ const: 'allow_session', title: 'Allow for this session' }]
      : []),
    { const: 'deny_always', title: 'Deny, and always deny this tool' },
  ]
}

/**
 * The card as a form-mode `elicitation/create`: its preview and what it will change (before and
 * after, as text, invisible characters shown), every argument, the level and who set it; one
 * choice of the lasting answers the level allows, allow once by default.
 */
export function hostQuestion(
  card: AgentEvent,
  asker: string,
  /** Why allowing here alone does not answer the card (the host's approval rules), if so. */
  allowNotice?: string,
  /** The card must be signed (a passkey on the page, at `link` if known): no answer here decides it. */
  signed?: { link: string | undefined },
): ElicitRequestFormParams {
  const args = card.payloadJson ?? '{}'
  const shownArgs =
    args.length <= maxArgumentsShown
      ? args
      : `${args.slice(0, maxArgumentsShown)}… (${args.length - maxArgumentsShown} more characters not shown here; the page shows them all)`
  const lines = [
    `${asker} asks to: ${card.preview ?? card.toolName ?? 'run a tool'}`,
    ...(card.description === undefined ? [] : ['', formatDescription(card.description)]),
    '',
    `Arguments: ${shownArgs}`,
    `Level: ${card.permission ?? 'destructive'}${card.permissionOrigin === undefined ? '' : ` (${card.permissionOrigin.text})`}`,
    ...(card.expiresAt === undefined ? [] : [`Unanswered, it is denied at ${card.expiresAt}.`]),
    '',
    signed !== undefined
      ? `Neither allowing nor denying it here decides it: it must be signed with your passkey on StudyPulse's page${signed.link === undefined ? '' : ` (${signed.link})`}.`
      : allowNotice === undefined
        ? 'Accept to allow it (once, unless you choose otherwise); decline to deny it.'
        : `Allowing it here does not decide it: ${allowNotice}. It waits for an approver on StudyPulse's page; decline to deny it.`,
  ]
  const choices = choicesFor(card.permission)
  return {
    mode: 'form',
    message: showInvisible(lines.join('\n')),
    requestedSchema: {
      type: 'object',
      properties: {
        answer: {
          type: 'string',
          title: 'Your answer',
          oneOf: choices,
          default: 'allow_once',
        },
      },
    },
  }
}

/** What the person's answer to the question decides: accept per its choice, anything else deny. */
export function answerOf(result: ElicitResult): HostAnswer {
  if (result.action !== 'accept') return { decision: 'deny' }
  const answer = result.content?.answer
  if (answer === 'allow_session') return { decision: 'allow', remember: 'session' }
  if (answer === 'deny_always') return { decision: 'deny', remember: 'always' }
  return { decision: 'allow' }
}
