// What the conformance suite asks of a face: start a call that needs a card, answer it as a
// person would through the face's own protocol, and observe what ran upstream and what the asker
// was told. One driver per face implements it; the scenarios are written once against it.
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import type { ScenarioId } from './scenarioIds.ts'

/** A person as the host's authentication names them. */
export interface Who {
  id: string
  name: string
  groups?: string[]
}

export const alice: Who = { id: 'alice', name: 'Alice' }
export const bob: Who = { id: 'bob', name: 'Bob' }
export const rita: Who = { id: 'rita', name: 'Rita' }
export const sam: Who = { id: 'sam', name: 'Sam' }

/** How a face is started for one scenario. */
export interface FaceSetup {
  /** The host's approval rules (none: whoever may decide the run's own cards decides). */
  rules?: ApprovalRules
  /** How long a card stays open (default: never expires). */
  expiresInMs?: number
}

/** What a call asks for: a line the counting tool appends, unique to the call. */
export interface CardRequest {
  /** Who asks (the run's person; on a face without people, ignored). */
  asker: Who
  /** The text the call carries (a fresh marker, perhaps with non-ASCII letters). */
  text: string
  /**
   * A call on a target the card shows and binds (a task, a file): one that exists (for
   * `target-changed`), or a new one the call creates.
   */
  target?: 'existing' | 'new'
}

/** A card as the face showed it; `handle` is the driver's own. */
export interface Card {
  request: CardRequest
  /** The id the face showed the card with (a forged card has one nobody issued). */
  id: string
  handle?: unknown
}

/** How an answer's copy of the call differs from the card (faces that send the call back). */
export type InputVariant = 'same' | 'changed' | 'extra-key' | 'nfd'

/** One answer in a request. */
export interface Answer {
  card: Card
  decision: 'allow' | 'deny'
  by: Who
  /** The input (or its digest) the answer carries back (default the card's own). */
  input?: InputVariant
  /** Sent from another session (conversation, MCP session, run) than the one that asked. */
  otherSession?: boolean
  /** Signed with the person's passkey (a face that `signs`: the page's WebAuthn ceremony). */
  signed?: boolean
}

/** What the face said of one answer. */
export type Outcome =
  /** This answer was the decision taken (an allow ran the call, a deny closed the card). */
  | { kind: 'taken' }
  /** Counted, but the card waits for more approvals. */
  | { kind: 'waiting' }
  /** Not taken: refused, lost to another decision, or the card was no longer open. */
  | { kind: 'refused'; code: string }

/** What the asker was told of their call, as the face tells it. */
export type Told =
  | { kind: 'ran' }
  | { kind: 'denied'; code: string }
  | { kind: 'waiting' }
  /** The face told the asker nothing yet. */
  | { kind: 'nothing' }

/** One started face: a runtime, a server, a gateway process, behind the face's own protocol. */
export interface FaceInstance {
  /** Starts a call that needs a card and resolves once the face shows the card. */
  ask(request: CardRequest): Promise<Card>
  /** Sends the answers as one request of the face; resolves with what the face said of each. */
  answer(answers: readonly Answer[]): Promise<Outcome[]>
  /** The texts the card's call ran upstream with, once per run (counted where the effect lands). */
  effects(card: Card): Promise<string[]>
  /** What the asker of `card` was told (waits until the face settles on it). */
  told(card: Card): Promise<Told>
  /** The runtime behind the face stops as a dying process does and a new one opens the same store. */
  restart?(): Promise<void>
  /** The face's process is killed (SIGKILL) with the card open; a new one is started. */
  kill?(): Promise<void>
  /** A second node on the same store, whose answers go through the same face. */
  secondNode?(): Promise<FaceInstance>
  /** Someone changes the card's target after the card was shown. */
  changeTarget?(card: Card): Promise<void>
  /** The asker goes away (closes the connection, cancels the request, leaves the chat). */
  leave?(card: Card): Promise<void>
  /** Resolves once the card's deadline has passed and the face closed it. */
  expired?(card: Card): Promise<void>
  /** The face signs an answer marked `signed` with the person's own passkey. */
  signs?: true
  close(): Promise<void>
}

/** A face: its name, what does not apply to it (with why), and how to start it. */
export interface FaceDriver {
  face: string
  /** Scenarios that do not apply to this face, each with the reason. Never skipped silently. */
  notApplicable: Partial<Record<ScenarioId, string>>
  start(setup: FaceSetup): Promise<FaceInstance>
  /** Ends whatever the driver kept between scenarios (a shared process). */
  dispose?(): Promise<void>
}

/** A fresh marker for a call's text: scenarios never see each other's effects. */
export function marker(scenario: string): string {
  counter += 1
  return `${scenario}-${counter}-${Math.random().toString(36).slice(2, 8)}`
}
let counter = 0

/** The card's text as an answer carrying `variant` sends it back. */
export function variantText(text: string, variant: InputVariant): string {
  if (variant === 'changed') return `${text} and delete everything`
  if (variant === 'nfd') return text.normalize('NFD')
  return text
}
