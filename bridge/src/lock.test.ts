// The data folder lock: one holder at a time, stale locks taken over, released only by its holder.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, test } from 'vitest'
import { DataFolderLockedError, lockDataFolder } from './lock.ts'
import { makeTempDir } from './testing.ts'

const dir = makeTempDir('pms-lock-')
afterAll(() => dir.remove())

test('the lock file holds our pid and is removed on release', () => {
  const lock = lockDataFolder(dir.path)
  assert.equal(readFileSync(lock.path, 'utf8').trim(), String(process.pid))
  lock.release()
  assert.equal(existsSync(lock.path), false)
  lock.release()
})

test('a second lock on the same folder is refused while the first is held', () => {
  const lock = lockDataFolder(dir.path)
  try {
    assert.throws(
      () => lockDataFolder(dir.path),
      (error: unknown) => error instanceof DataFolderLockedError && error.pid === process.pid,
    )
  } finally {
    lock.release()
  }
})

test('a live process holding the lock keeps it', () => {
  // Our parent (the test runner) is alive and is not us.
  writeFileSync(join(dir.path, 'bridge.lock'), `${process.ppid}\n`)
  assert.throws(() => lockDataFolder(dir.path), {
    message: `another pms-bridge (pid ${process.ppid}) is using data folder ${dir.path}; stop it first`,
  })
})

test('a lock left by a dead process is taken over', () => {
  const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
  writeFileSync(join(dir.path, 'bridge.lock'), dead.stdout)
  const lock = lockDataFolder(dir.path)
  assert.equal(readFileSync(lock.path, 'utf8').trim(), String(process.pid))
  lock.release()
})

test('release leaves a lock file that another process has since taken', () => {
  const lock = lockDataFolder(dir.path)
  writeFileSync(lock.path, `${process.ppid}\n`)
  lock.release()
  assert.equal(readFileSync(lock.path, 'utf8').trim(), String(process.ppid))
  writeFileSync(lock.path, 'garbage')
  lockDataFolder(dir.path).release()
})
