/** Every scenario of the conformance table, in the table's order. */
export const scenarioIds = [
  'allow-once',
  'deny',
  'replay',
  'duplicate',
  'conflicting',
  'unknown-beside-valid',
  'concurrent',
  'changed-input',
  'extra-key',
  'unicode',
  'other-person',
  'other-session',
  'unnamed-approver',
  'quorum',
  'four-eyes',
  'signed-required',
  'signed',
  'asker-gone',
  'restart',
  'sigkill',
  'stale-node',
  'target-changed',
  'new-target',
  'expiry',
] as const

/** One scenario's name. */
export type ScenarioId = (typeof scenarioIds)[number]
