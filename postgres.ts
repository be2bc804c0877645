/**
 * StudyPulse Agent on PostgreSQL (Node): a run store and a study workspace several nodes share.
 * `createAgentRuntime({ store: await postgresRunStore({ connectionString }), workspace: await
 * PostgresWorkspace.open(...) })`; see docs/guide/several-nodes.md and docs/postgres.md.
 *
 * @module studypulse-agent/postgres
 */

export {
  type PostgresRunStore,
  type PostgresRunStoreOptions,
  postgresRunStore,
} from './store/postgres/postgresRunStore.ts'
export { migrations } from './workspace/postgres/migrations.ts'
export type { PostgresSource } from './workspace/postgres/PostgresSource.ts'
export {
  PostgresWorkspace,
  type PostgresWorkspaceOptions,
} from './workspace/postgres/PostgresWorkspace.ts'
export type { VersionedKind } from './workspace/recordVersion.ts'
