import { decidedByText } from '../../vocabulary/Identity.ts'
import { ruleInWords, toolWords } from '../../vocabulary/toolWords.ts'
import type { CardOutcome, CardResolution } from './buildTranscript.ts'

/** What a card's status line needs: where it stands, who decided, and the key the user chose here. */
export interface CardStateInput {
  outcome: CardOutcome
  toolName: string
  resolution?: CardResolution | undefined
  /** The decision key clicked on this card, if any (the log does not say which rule a user kept). */
  chosenKey?: string | undefined
  /** What a card that can no longer be answered says. */
  staleText?: string | undefined
  /** Someone else's decision reached the card before this page's did. */
  decidedElsewhere?: boolean | undefined
  /** Why the card had nothing to do (its notice: undone already, no such record): a denial says that. */
  nothingToDo?: string | undefined
}

const keptPrefix = 'kept as a rule: '

/** The sentence under a decided, expired, replaced or stale card; empty while it waits. */
export function describeCardState(input: CardStateInput): string {
  const { outcome, resolution, chosenKey } = input
  const every = toolWords(input.toolName).every
  const doing = `${every.charAt(0).toUpperCase()}${every.slice(1)}`
  const rule = resolution?.decidedBy === 'policy' ? ruleName(resolution.rule) : undefined
  // The log names a rule the user kept with this decision, so a reloaded page can say so too.
  const kept =
    resolution?.decidedBy === 'user' && resolution.rule?.startsWith(keptPrefix)
      ? resolution.rule.slice(keptPrefix.length)
      : undefined
  // Hosted mode: the card names who decided it ("Allowed by Alice at 14:02").
  const who =
    resolution?.decidedBy === 'user' ? decidedByText(resolution.decider, resolution.at) : ''
  const decided = outcome === 'allowed' || outcome === 'denied'
  const verb = outcome === 'allowed' ? 'Allowed' : 'Denied'
  const unchanged = outcome === 'denied' ? ' Nothing was changed.' : ''
  if (who !== '' && decided) {
    const where = input.decidedElsewhere === true ? ' on another page or node, first' : ''
    return `${verb}${where} ${who}.${unchanged}`
  }
  // A person on another page or node won the card, and nobody signed in names them.
  if (input.decidedElsewhere === true && decided && resolution?.decidedBy === 'user') {
    return `${verb} on another page or node.${unchanged}`
  }
  switch (outcome) {
    case 'allowed':
      if (rule !== undefined) return `Allowed by your rule: ${rule}.`
      if (chosenKey === 'allow-run') return `Allowed. ${doing} is allowed for the rest of this run.`
      if (chosenKey === 'allow-session')
        return `Allowed. ${doing} is allowed for the rest of this session.`
      if (kept !== undefined) return `Allowed, and kept as a rule: ${ruleInWords(kept)}.`
      return 'Allowed once.'
    case 'denied':
      if (rule !== undefined) return `Denied by your rule: ${rule}. Nothing was changed.`
      if (chosenKey === 'deny-always')
        return `Denied. ${doing} will always be denied from now on. Nothing was changed.`
      if (kept !== undefined)
        return `Denied, and kept as a rule: ${ruleInWords(kept)}. Nothing was changed.`
      if (input.nothingToDo !== undefined)
        return `Dismissed: ${input.nothingToDo} Nothing was changed.`
      return 'Denied. Nothing was changed.'
    case 'expired':
      return 'Expired — nothing was done.'
    case 'replaced':
      return 'Replaced by your edit.'
    case 'changed':
      return 'Allowed, but this changed after the card was shown, so nothing was written. Ask again to see it as it is now.'
    case 'stale':
      return input.staleText ?? 'No longer waiting for a decision. Nothing was done.'
    default:
      return ''
  }
}

/** A rule as the log names it, without its id and in words: `allow adding tasks for this session`. */
export function ruleName(rule: string | undefined): string {
  if (rule === undefined || rule === '') return 'a standing rule'
  return ruleInWords(rule.replace(/\s*\(rule [^)]*\)$/, ''))
}
