import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { writeFileAtomic } from '../workspace/atomicWrite.ts'
import { errnoCode } from '../workspace/errnoCode.ts'
import { takeLock } from '../workspace/takeLock.ts'
import type { RunClaim } from './RunStore.ts'

/** How long an owner may miss its heartbeat before its runs may be taken over (proper-lockfile's floor is 5 s). */
export const defaultOwnerStaleMs = 10_000

/**
 * Which process owns which run of a workspace folder. Each store instance is an owner with a
 * heartbeat lock in `runs/.owners/<id>`; a run's `owner` file names its owner. A run whose owner
 * stopped beating (a killed process) may be taken over; a claim is decided under a short
 * cross-process lock on the run's folder, so two successors never both win.
 */
export class RunOwnership {
  readonly ownerId = randomUUID()
  readonly #runsDir: string
  readonly #staleMs: number
  #started: Promise<void> | undefined
  #releaseOwner: (() => Promise<void>) | undefined

  constructor(runsDir: string, options: { staleMs?: number } = {}) {
    this.#runsDir = runsDir
    this.#staleMs = Math.max(5_000, options.staleMs ?? defaultOwnerStaleMs)
  }

  /**
   * Claims a run whose folder does not exist yet: creating the folder is the claim (no other
   * process can create it too), so no lock is needed. Returns false when the folder existed.
   */
  async claimNew(runDir: string): Promise<boolean> {
    await this.#start()
    // Synchronous, like every small step of the folder store (see `flushToDisk.ts`).
    try {
      mkdirSync(runDir)
    } catch (error) {
      if (errnoCode(error) === 'EEXIST') return false
      throw error
    }
    // Not flushed: a run whose owner file a power cut lost is simply free to take.
    writeFileSync(join(runDir, 'owner'), this.ownerId)
    return true
  }

  /** Claims the run in `runDir` (the folder must exist). */
  async claim(runDir: string): Promise<RunClaim> {
    await this.#start()
    const release = await lockClaims(runDir)
    try {
      const owner = await this.ownerOf(runDir)
      if (owner !== undefined && owner !== this.ownerId && (await this.#isAlive(owner))) {
        return { ok: false, code: 'run_owned_elsewhere', owner }
      }
      if (owner !== this.ownerId) await writeFileAtomic(join(runDir, 'owner'), this.ownerId)
      return { ok: true }
    } finally {
      await release()
    }
  }

  /**
   * Runs `write` only while this owner holds the run in `runDir`, under the claim lock, so no
   * takeover lands between the check and the write; false (nothing written) when it does not.
   */
  async whileOwned(runDir: string, write: () => Promise<void>): Promise<boolean> {
    const release = await lockClaims(runDir)
    try {
      if (!(await this.mayWrite(runDir))) return false
      await write()
      return true
    } finally {
      await release()
    }
  }

  /**
   * Whether this owner may write the run in `runDir`: it holds it, or no other live owner does
   * (another may have taken it over since this one was paused past its stale time).
   */
  async mayWrite(runDir: string): Promise<boolean> {
    const owner = await this.ownerOf(runDir)
    return owner === undefined || owner === this.ownerId || !(await this.#isAlive(owner))
  }

  /** Gives up the run in `runDir` if this owner holds it. */
  async unclaim(runDir: string): Promise<void> {
    if ((await this.ownerOf(runDir)) === this.ownerId) {
      await rm(join(runDir, 'owner'), { force: true })
    }
  }

  /** The owner id written in a run's folder, if any. */
  async ownerOf(runDir: string): Promise<string | undefined> {
    try {
      return readFileSync(join(runDir, 'owner'), 'utf8').trim() || undefined
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined
      throw error
    }
  }

  /** Whether no other live owner works in this folder (so its leftovers are nobody's writes under way). */
  async alone(): Promise<boolean> {
    await this.#start()
    const owners = await readdir(join(this.#runsDir, '.owners')).catch(() => [] as string[])
    for (const owner of owners) {
      if (owner === this.ownerId || owner.endsWith('.lock')) continue
      if (await this.#isAlive(owner)) return false
    }
    return true
  }

  /** Stops this owner's heartbeat: its runs become free for others at once. */
  async close(): Promise<void> {
    await this.#started?.catch(() => undefined)
    await this.#releaseOwner?.().catch(() => undefined)
    this.#releaseOwner = undefined
    await rm(this.#ownerFile(this.ownerId), { force: true }).catch(() => undefined)
  }

  #ownerFile(id: string): string {
    return join(this.#runsDir, '.owners', id)
  }

  #start(): Promise<void> {
    this.#started ??= (async () => {
      const file = this.#ownerFile(this.ownerId)
      await mkdir(join(this.#runsDir, '.owners'), { recursive: true })
      await writeFileAtomic(file, String(process.pid))
      this.#releaseOwner = await lockfile.lock(file, {
        stale: this.#staleMs,
        realpath: false,
        // A missed beat means another process may already have taken our runs: stop using them.
        onCompromised: () => {
          this.#releaseOwner = undefined
        },
      })
    })()
    return this.#started
  }

  async #isAlive(owner: string): Promise<boolean> {
    // Fast path on one machine: an owner whose process is gone is dead, heartbeat or not.
    const pid = Number(readOrEmpty(this.#ownerFile(owner)))
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processExists(pid)) return false
    try {
      return lockfile.checkSync(this.#ownerFile(owner), { stale: this.#staleMs, realpath: false })
    } catch {
      return false
    }
  }
}

/** The short cross-process lock under which a run's owner is decided. */
function lockClaims(runDir: string): Promise<() => Promise<void>> {
  return takeLock(runDir, {
    lockfilePath: join(runDir, 'claim.lock'),
    stale: 5_000,
    realpath: false,
    retries: { retries: 50, minTimeout: 5, maxTimeout: 50 },
  })
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but is not ours to signal.
    return errnoCode(error) === 'EPERM'
  }
}
