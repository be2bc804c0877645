/**
 * The passkeys of signed-in people, shared by every node, and the ceremonies (registrations,
 * signatures over one decision) waiting for an answer: a ceremony's row is deleted when it is
 * answered, so an assertion made for it is never accepted twice.
 */
export const passkeysMigration = `
CREATE TABLE studypulse.passkeys (
  credential_id text PRIMARY KEY,
  person_id text NOT NULL,
  passkey jsonb NOT NULL,
  counter bigint NOT NULL,
  created_at bigint NOT NULL,
  revoked_at bigint
);
CREATE INDEX passkeys_person ON studypulse.passkeys (person_id, created_at);
CREATE TABLE studypulse.passkey_ceremonies (
  nonce text PRIMARY KEY,
  ceremony jsonb NOT NULL,
  expires_at bigint NOT NULL
);
`
