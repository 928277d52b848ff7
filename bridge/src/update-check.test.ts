import assert from 'node:assert/strict'
import type { LatestAppVersion } from '@pms/protocol/api/system'
import { test } from 'vitest'
import { compareVersions, createUpdateCheck } from './update-check.ts'

test('versions compare part by part as numbers', () => {
  assert.equal(compareVersions('0.10.0', '0.9.1'), 1)
  assert.equal(compareVersions('0.1.0', '0.1'), 0)
  assert.equal(compareVersions('v1.2.3', '1.2.4'), -1)
})

test('the latest version is asked once per period; an API that cannot answer is no update, not a failure', async () => {
  let asked = 0
  let answer: () => Promise<LatestAppVersion | null> = async () =>
    ({ versionName: '0.2.0', href: '/x.tgz' }) as LatestAppVersion
  const check = createUpdateCheck(
    '0.1.0',
    () => {
      asked++
      return answer()
    },
    60_000,
  )
  assert.deepEqual(await check(), { latestVersion: '0.2.0', href: '/x.tgz', updateAvailable: true })
  await check()
  assert.equal(asked, 1)
  const failing = createUpdateCheck('0.1.0', () => Promise.reject(new Error('down')), 0)
  assert.equal(await failing(), null)
  answer = async () => null
  const none = createUpdateCheck('0.1.0', () => answer(), 0)
  assert.equal(await none(), null)
})

test('an API slower than the wait answers null now; the next health answer gets what it found', async () => {
  let release: (v: LatestAppVersion) => void = () => {}
  const slow = new Promise<LatestAppVersion>((resolve) => {
    release = resolve
  })
  const check = createUpdateCheck('0.1.0', () => slow, 60_000, 10)
  assert.equal(await check(), null)
  release({ versionName: '0.1.0', href: '/y.tgz' } as LatestAppVersion)
  await slow
  assert.deepEqual(await check(), { latestVersion: '0.1.0', href: '/y.tgz', updateAvailable: false })
})
