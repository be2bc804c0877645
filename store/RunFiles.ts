import { readFileSync } from 'node:fs'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { isWellFormedId } from '../vocabulary/ids.ts'
import { appendLinesDurable, writeFileAtomic } from '../workspace/atomicWrite.ts'
import { errnoCode } from '../workspace/errnoCode.ts'
import { type JsonLines, readJsonLines, repairJsonLines } from '../workspace/jsonLines.ts'
import { pathExists } from '../workspace/pathExists.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'

/** Where a run's durable state lives: `runs/<runId>/` and the workspace-wide `audit.jsonl`. */
export class RunFiles {
  constructor(readonly root: string) {}

  /** The folder of one run; refuses ids that could name a path outside `runs/`. */
  runDir(runId: string): string {
    if (!isWellFormedId(runId)) {
      throw new WorkspaceError('invalid_data', `"${runId}" is not a valid run id`)
    }
    return join(this.root, 'runs', runId)
  }

  /** The ids of every run saved in the workspace. */
  async listRuns(): Promise<string[]> {
    try {
      const entries = await readdir(join(this.root, 'runs'), { withFileTypes: true })
      return entries.filter((e) => e.isDirectory() && isWellFormedId(e.name)).map((e) => e.name)
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return []
      throw WorkspaceError.io('could not list runs', error, 'runs')
    }
  }

  /** Marks a run as ended, after its final snapshot is saved, so start-up need not read it again. */
  async markEnded(runId: string): Promise<void> {
    await writeFileAtomic(join(this.runDir(runId), 'ended'), '')
  }

  /** Whether a run was marked as ended (a look at the folder, no parse of its snapshot). */
  async hasEnded(runId: string): Promise<boolean> {
    return pathExists(join(this.runDir(runId), 'ended'))
  }

  /** Saves a run's persisted actor snapshot, atomically. */
  async writeSnapshot(runId: string, snapshot: unknown): Promise<void> {
    const dir = this.runDir(runId)
    await mkdir(dir, { recursive: true })
    await writeFileAtomic(join(dir, 'snapshot.json'), JSON.stringify(snapshot))
  }

  /** A run's saved snapshot, or undefined when it has none. Throws `corrupt_file` for a bad one. */
  async readSnapshot(runId: string): Promise<unknown> {
    const file = `runs/${runId}/snapshot.json`
    let text: string
    try {
      text = readFileSync(join(this.runDir(runId), 'snapshot.json'), 'utf8')
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined
      throw WorkspaceError.io(`could not read ${file}`, error, file)
    }
    try {
      return JSON.parse(text)
    } catch {
      throw new WorkspaceError('corrupt_file', `${file} is not valid JSON`, file)
    }
  }

  /** Appends records to one of a run's logs (`events` or `journal`) in one fsynced write. */
  async append(
    runId: string,
    log: 'events' | 'journal' | 'messages',
    records: readonly unknown[],
  ): Promise<void> {
    const dir = this.runDir(runId)
    await mkdir(dir, { recursive: true })
    await appendLinesDurable(
      join(dir, `${log}.jsonl`),
      records.map((r) => JSON.stringify(r)),
    )
  }

  /** Reads one of a run's logs, cutting off a line torn by a crash so appends can go on. */
  async read(runId: string, log: 'events' | 'journal' | 'messages'): Promise<JsonLines> {
    return repairJsonLines(join(this.runDir(runId), `${log}.jsonl`))
  }

  /** The workspace-wide audit log, leaving out a line torn by a crash. */
  async readAudit(): Promise<unknown[]> {
    return (await readJsonLines(join(this.root, 'audit.jsonl'))).records
  }

  /** Removes temp files that a killed process left behind mid-write (call at start-up only). */
  async sweepTempFiles(): Promise<number> {
    const folders = [this.root, ...(await this.listRuns()).map((id) => this.runDir(id))]
    let removed = 0
    for (const folder of folders) {
      for (const name of await readdir(folder).catch(() => [] as string[])) {
        if (!/^\..+\.[0-9a-f]{12}\.tmp$/.test(name)) continue
        await rm(join(folder, name), { force: true })
        removed++
      }
    }
    return removed
  }
}
