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
