// The cache lives beside the folder's database, which the workspace's records share.
export { prepared } from '../../workspace/sqlite/preparedStatement.ts'
