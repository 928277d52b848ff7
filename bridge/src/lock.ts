// The data folder lock: one pms-bridge per data folder, because the embedded database has no lock of its own.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** Another live process holds the data folder. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(`another pms-bridge (pid ${pid}) is using data folder ${dataDir}; stop it first`)
    this.name = 'DataFolderLockedError'
  }
}

export interface DataFolderLock {
  readonly path: string
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** Lock files this process holds, so a second app in the same process is refused too. */
const heldHere = new Set<string>()

/** Takes `<dataDir>/bridge.lock` exclusively; a lock left by a dead process is taken over. */
export function lockDataFolder(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'bridge.lock')
  if (heldHere.has(path)) throw new DataFolderLockedError(process.pid, dataDir)
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error
      const holder = readHolder(path)
      if (holder !== null && holder !== process.pid && processAlive(holder))
        throw new DataFolderLockedError(holder, dataDir)
      // Stale (dead holder, unreadable, or our pid left by an earlier life of a reused pid): remove and retry.
      try {
        unlinkSync(path)
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError
      }
    }
  }
  heldHere.add(path)
  let released = false
  return {
    path,
    release() {
      if (released) return
      released = true
      heldHere.delete(path)
      if (readHolder(path) !== process.pid) return
      try {
        unlinkSync(path)
      } catch {
        // Already gone: nothing to release.
      }
    },
  }
}
