import assert from 'node:assert/strict'
import type { CardIssueAuthorization, CardRecordState } from '@pms/protocol/api/card-issue'
import { test } from 'vitest'
import { canRetry, type IssueAttempt, type IssueEffects, issueCard, retryIssue } from './issueFlow.ts'

const AUTH = { recordId: 42, issueSequence: 3, grant: { format: 'cpu' } } as unknown as CardIssueAuthorization

/** Effects that log every call; `fail` names the calls that throw (confirm by target state). */
function fake(fail: Set<string> = new Set()) {
  const calls: string[] = []
  const fx: IssueEffects = {
    read: async () => {
      calls.push('read')
      if (fail.has('read')) throw new Error('no card')
      return { uid: 'A1B2C3D4', deviceId: 'pn532:sim' }
    },
    grant: async (uid) => {
      calls.push(`grant ${uid}`)
      if (fail.has('grant')) throw new Error('Do not issue card without guest information.')
      return AUTH
    },
    write: async (auth, deviceId) => {
      calls.push(`write ${auth.recordId} ${deviceId}`)
      if (fail.has('write')) throw new Error('verify failed')
    },
    confirm: async (recordId: number, uid: string, state: CardRecordState, reason?: string) => {
      calls.push(`confirm ${recordId} ${uid} ${state}${reason ? ` ${reason}` : ''}`)
      if (fail.has(`confirm ${state}`)) throw new Error(`cannot ${state}`)
    },
    describe: (e) => (e as Error).message,
  }
  return { fx, calls }
}

test('a card is read, granted, written and confirmed issued, reporting each step', async () => {
  const { fx, calls } = fake()
  const steps: string[] = []
  const done = await issueCard(fx, (a) => steps.push(a.step))
  assert.equal(done.step, 'issued')
  assert.equal(done.recordState, 'issued')
  assert.equal(done.written, true)
  assert.deepEqual(steps, ['reading', 'granting', 'writing', 'confirming'])
  assert.deepEqual(calls, ['read', 'grant A1B2C3D4', 'write 42 pn532:sim', 'confirm 42 A1B2C3D4 issued'])
})

test('a refused grant stops before the card is written; there is no record to retry', async () => {
  const { fx, calls } = fake(new Set(['grant']))
  const done = await issueCard(fx, () => {})
  assert.equal(done.step, 'failed')
  assert.equal(done.failedAt, 'granting')
  assert.equal(done.reason, 'Do not issue card without guest information.')
  assert.equal(canRetry(done), false)
  assert.deepEqual(calls, ['read', 'grant A1B2C3D4'])
})

test('no card on the encoder fails at reading', async () => {
  const { fx } = fake(new Set(['read']))
  const done = await issueCard(fx, () => {})
  assert.equal(done.failedAt, 'reading')
  assert.equal(done.reason, 'no card')
})

test('a failed write marks the record failed with the reason; retry goes back to waiting, writes and confirms', async () => {
  const failing = fake(new Set(['write']))
  const failed = await issueCard(failing.fx, () => {})
  assert.equal(failed.step, 'failed')
  assert.equal(failed.failedAt, 'writing')
  assert.equal(failed.recordState, 'failed')
  assert.equal(failed.written, false)
  assert.ok(failing.calls.includes('confirm 42 A1B2C3D4 failed verify failed'))
  assert.equal(canRetry(failed), true)

  const { fx, calls } = fake()
  const done = await retryIssue(fx, failed, () => {})
  assert.equal(done.step, 'issued')
  assert.equal(done.failedAt, undefined)
  assert.deepEqual(calls, ['confirm 42 A1B2C3D4 waiting', 'write 42 pn532:sim', 'confirm 42 A1B2C3D4 issued'])
})

test('a written card whose confirmation failed is only confirmed again on retry', async () => {
  const first = await issueCard(fake(new Set(['confirm issued'])).fx, () => {})
  assert.equal(first.failedAt, 'confirming')
  assert.equal(first.written, true)
  assert.equal(first.recordState, 'waiting')
  const { fx, calls } = fake()
  const done = await retryIssue(fx, first, () => {})
  assert.equal(done.step, 'issued')
  assert.deepEqual(calls, ['confirm 42 A1B2C3D4 issued'])
})

test('a write failure whose failed-confirmation also fails leaves the record waiting; retry writes again', async () => {
  const first = await issueCard(fake(new Set(['write', 'confirm failed'])).fx, () => {})
  assert.equal(first.recordState, 'waiting')
  const { fx, calls } = fake()
  await retryIssue(fx, first, () => {})
  assert.deepEqual(calls, ['write 42 pn532:sim', 'confirm 42 A1B2C3D4 issued'])
})

test('an attempt that did not fail is not retried', async () => {
  const at: IssueAttempt = { step: 'issued', written: true, auth: AUTH, uid: 'A1B2C3D4' }
  const { fx, calls } = fake()
  assert.equal(await retryIssue(fx, at, () => {}), at)
  assert.deepEqual(calls, [])
})
