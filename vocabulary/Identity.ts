import { clockText } from './humanTime.ts'
/**
 * Who is asking, as the host's authentication says: an OpenID Connect token's subject, or the
 * user an authenticating proxy names. Never read from a request body or the model.
 */
export interface Identity {
  id?: string
  name?: string
  groups?: readonly string[]
}

/** A signed-in person as a run keeps them: who started it, who approved its card. */
export interface Person {
  id: string
  name?: string
}

/** The person an identity names, or undefined when it names nobody (no id: the single-user mode). */
export function personOf(identity: Identity | undefined): Person | undefined {
  if (identity?.id === undefined || identity.id === '') return undefined
  return identity.name === undefined || identity.name === ''
    ? { id: identity.id }
    : { id: identity.id, name: identity.name }
}

/** How a person is named to people: their name, else their id. */
export function personName(person: Person): string {
  return person.name ?? person.id
}

// An id or a name a store keeps as text: no control characters (PostgreSQL refuses NUL), bounded.
const personText = /^[^\p{Cc}]{1,512}$/u

/** Whether `value` is a person a run may keep: an id (and a name) of 1 to 512 characters, no control characters. */
export function isWellFormedPerson(value: unknown): value is Person {
  if (value === null || typeof value !== 'object') return false
  const { id, name } = value as { id?: unknown; name?: unknown }
  return (
    typeof id === 'string' &&
    personText.test(id) &&
    (name === undefined || (typeof name === 'string' && personText.test(name)))
  )
}

/** `at` (ISO) as the local hour and minute a person reads on a card: `14:02`. */
export const clockTime = clockText

/** Who decided, as a card, the activity list or the terminal says it: `by Alice at 14:02`. */
export function decidedByText(decider: Person | undefined, at: string | undefined): string {
  if (decider === undefined) return ''
  const time = at === undefined ? '' : clockTime(at)
  return `by ${personName(decider)}${time === '' ? '' : ` at ${time}`}`
}
