import assert from 'node:assert/strict'
import { formatSecretKeyCode } from '@pms/protocol/properties/secret-key'
import { test } from 'vitest'
import { clock, codeExpiresAt, secondsLeft } from './secretCode.ts'

test('a code is valid for 10 minutes from its time stamp', () => {
  assert.equal(codeExpiresAt(1_000), 601_000)
  assert.equal(secondsLeft(1_000, 1_000), 600)
  assert.equal(secondsLeft(1_000, 1_500), 600)
  assert.equal(secondsLeft(1_000, 601_000), 0)
  assert.equal(secondsLeft(1_000, 900_000), 0)
  assert.equal(clock(600), '10:00')
  assert.equal(clock(65), '1:05')
})

test('the code is shown zero-padded to a multiple of 4, in groups of 4', () => {
  assert.equal(formatSecretKeyCode('123456'), '0012 3456')
  assert.equal(formatSecretKeyCode('12345678'), '1234 5678')
})
