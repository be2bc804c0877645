/**
 * Browser sessions of a hosted app, shared by every node: the key is a digest of the cookie's id
 * (never the id), the refresh token is sealed by the app before it gets here, and a sign-out
 * deletes the row, so no node accepts the cookie again.
 */
export const sessionsMigration = `
CREATE TABLE studypulse.sessions (
  key text PRIMARY KEY,
  person_id text NOT NULL,
  session jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  refreshable boolean NOT NULL
);
CREATE INDEX sessions_person ON studypulse.sessions (person_id);
CREATE INDEX sessions_expiry ON studypulse.sessions (expires_at) WHERE NOT refreshable;
`
