import { approvalVerdict } from '../../machines/approvalRefusal.ts'
import { isSignatureErrorCode } from '../../runtime/AgentError.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { randomId } from '../../runtime/randomId.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { requiresSignature } from '../../vocabulary/ApprovalRules.ts'
import type { ConfirmationDecision, RuleScope } from '../../vocabulary/Decision.ts'
import type { Identity } from '../../vocabulary/Identity.ts'
import type { GatewayCaller } from './GatewayCaller.ts'
import { answerOf, hostQuestion } from './hostQuestion.ts'
import { cardPageUrl, pageAnswerOf, pageQuestion } from './pageQuestion.ts'

/** What asking in the host needs: the runtime the answer goes to, the page's origin, a log. */
export interface HostAsking {
  runtime: AgentRuntime
  /** The StudyPulse web app's origin on the same workspace (`--page-url`), if it is known. */
  pageUrl?: string
  log: (line: string) => void
}

/**
 * Asks the person in the host about `card`, when the host can ask: the card's page (URL mode)
 * where the client opens URLs and the page is known, else a form; returns the page question's id
 * (to say when it is over). The answer takes the one decision path as the caller's
 * (`caller.person`), so the chart's guard applies the host's approval rules to it: an allow the
 * rules refuse (four eyes, say) leaves the card waiting for an approver on the page.
 */
export function askInHost(
  deps: HostAsking,
  runId: string,
  card: AgentEvent,
  caller: GatewayCaller,
  signal: AbortSignal,
): string | undefined {
  const { elicit, openPage } = caller
  if (openPage !== undefined && deps.pageUrl !== undefined) {
    const elicitationId = randomId()
    const url = cardPageUrl(deps.pageUrl, runId)
    openPage.ask(pageQuestion(card, caller.name, url, elicitationId), signal).then(
      (result) => {
        const decision = pageAnswerOf(result)
        if (decision !== undefined) return decideAsCaller(deps, runId, card, caller, { decision })
      },
      () => undefined,
    )
    return elicitationId
  }
  if (elicit === undefined) return undefined
  const notice = allowRefusal(deps.runtime, runId, card, caller.person)
  elicit(hostQuestion(card, caller.name, notice, mustSign(deps, runId, card)), signal).then(
    (result) => decideAsCaller(deps, runId, card, caller, { ...answerOf(result), notice }),
    // The host could not ask (or the card was answered elsewhere first): the page still can.
    () => undefined,
  )
  return undefined
}

/** The caller's answer in the host, through the one decision path as theirs. */
function decideAsCaller(
  deps: HostAsking,
  runId: string,
  card: AgentEvent,
  caller: GatewayCaller,
  answer: { decision: ConfirmationDecision; remember?: RuleScope; notice?: string | undefined },
): Promise<void> {
  const { decision, remember, notice } = answer
  const { person } = caller
  return deps.runtime
    .submitConfirmation(runId, card.confirmationId as string, decision, {
      ...(card.digest !== undefined && { digest: card.digest }),
      ...(remember !== undefined && { remember }),
      ...(person !== undefined && { by: person }),
    })
    .then(
      () => {
        if (decision === 'allow' && notice !== undefined) deps.log(`${taken(caller)} counted`)
      },
      (error: unknown) => {
        const code = (error as { code?: string }).code
        // Answered already (on the page, or by the clock): the first answer won.
        if (code === 'confirmation_not_found') return
        const why = error instanceof Error ? error.message : String(error)
        // A signed card's plain answer: the card waits for its signature on the page.
        deps.log(
          code === 'approver_not_allowed'
            ? `${taken(caller)} did not decide the card (${why}): it waits for an approver`
            : code !== undefined && isSignatureErrorCode(code)
              ? `${taken(caller)} did not decide the card (${code}: ${why}): it waits for a signed answer on the page`
              : `${taken(caller)} was not taken: ${why}`,
        )
      },
    )
}

/**
 * Why the host's approval rules would not let `person` allow the card alone (as the page's card
 * route judges it, by the guard's own verdict), or undefined when their allow would answer it.
 */
function allowRefusal(
  runtime: AgentRuntime,
  runId: string,
  card: AgentEvent,
  person: Identity | undefined,
): string | undefined {
  if (runtime.approvalRules === undefined || person === undefined) return undefined
  const view = runtime.view(runId)
  const verdict = approvalVerdict(
    runtime.approvalRules,
    {
      permission: card.permission ?? 'destructive',
      tool: card.toolName ?? '',
      ...(view.startedBy !== undefined && { startedBy: view.startedBy }),
      approvals: view.pending?.approvals ?? [],
    },
    { decision: 'allow', by: { kind: 'user', ...person } },
  )
  if (verdict.kind === 'refused') return verdict.message
  if (verdict.kind === 'counts') return `it needs ${verdict.needed} more approval(s) after yours`
  return undefined
}

/** Whether the host's rules require `card` to be signed, and the page to sign it on if known. */
function mustSign(
  deps: HostAsking,
  runId: string,
  card: AgentEvent,
): { link: string | undefined } | undefined {
  const rules = deps.runtime.approvalRules
  if (rules === undefined || card.permission === undefined || card.toolName === undefined)
    return undefined
  const server = card.permissionOrigin?.server
  if (!requiresSignature(rules, card.permission, card.toolName, server)) return undefined
  return { link: deps.pageUrl === undefined ? undefined : cardPageUrl(deps.pageUrl, runId) }
}

// How the log names an answer given in the host.
function taken(caller: GatewayCaller): string {
  const who = caller.person === undefined ? '' : ` (${caller.person.name ?? caller.person.id})`
  return `studypulse-gateway: the answer from ${caller.name}${who}`
}
