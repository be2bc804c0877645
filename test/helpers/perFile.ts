import { afterAll } from 'vitest'
import { dropFileDatabases } from './postgres.ts'

// Vitest runs this before each test file, also where a worker keeps its modules between files
// (vitest.config.ts): what a shared helper made for one file is ended after that file.
afterAll(dropFileDatabases)
