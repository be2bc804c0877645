import type Database from 'libsql'

/** Imports a folder written by the older file store (placeholder until the import lands). */
export function importFolderStore(_db: Database.Database, _root: string): string[] {
  return []
}
