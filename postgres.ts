/**
 * StudyPulse Agent on PostgreSQL (Node): a run store and a study workspace several nodes share.
 * `createAgentRuntime({ store: await postgresRunStore({ connectionString }), workspace: await
 * PostgresWorkspace.open(...) })`; see README "Running on several nodes".
 */

export { migrations } from './store/postgres/migrations.ts'
export type { PostgresSource } from './store/postgres/PostgresSource.ts'
export {
  PostgresWorkspace,
  type PostgresWorkspaceOptions,
} from './store/postgres/PostgresWorkspace.ts'
export {
  type PostgresRunStore,
  type PostgresRunStoreOptions,
  postgresRunStore,
} from './store/postgres/postgresRunStore.ts'
