import type { ToolApproval } from '../../vocabulary/approvalReach.ts'
import type { SignedInPerson } from '../remote/StudyPulseClient.ts'

type Person = Extract<SignedInPerson, { signedIn: true }>

// `run_code (2 people, not your own alone)`: what one approval asks, in plain words.
function describeApproval(a: ToolApproval): string {
  const asks = [
    ...(a.quorum > 1 ? [`${a.quorum} people`] : []),
    ...(a.fourEyes ? ['not your own alone'] : []),
  ]
  return asks.length === 0 ? a.tool : `${a.tool} (${asks.join(', ')})`
}

/** "Signed in as … · Sign out", and what the host's rules let this person approve. */
export function SignedInBar(props: { me: Person; onSignOut?: () => void }) {
  const { me } = props
  return (
    <span className="app__chip" data-testid="signed-in">
      Signed in as {me.name ?? me.id}
      {props.onSignOut ? (
        <>
          {' · '}
          <button type="button" className="app__signout" onClick={props.onSignOut}>
            Sign out
          </button>
        </>
      ) : null}
    </span>
  )
}

/** The approvals line: which covered tools' cards this person may approve, and which not. */
export function ApprovalSummary(props: { approvals: readonly ToolApproval[] }) {
  const may = props.approvals.filter((a) => a.mayApprove)
  const mayNot = props.approvals.filter((a) => !a.mayApprove)
  if (props.approvals.length === 0) return null
  return (
    <p className="app__approvals" data-testid="approvals">
      {may.length > 0
        ? `You may approve cards of ${may.map(describeApproval).join(', ')}.`
        : 'You may approve no one’s cards of the tools the team’s rules cover.'}
      {mayNot.length > 0
        ? ` ${mayNot.map((a) => `${a.tool} needs ${a.needs ?? 'someone else'}`).join('; ')}.`
        : ''}
    </p>
  )
}
