import assert from 'node:assert/strict'
import { test } from 'vitest'
import {
  BLE_V3_LOCK_MODEL_CODE,
  bleLockModelCode,
  capabilityFlags,
  capabilityMask,
  DeviceCapability,
  deviceKindOf,
  RETRY_OPERATION,
  settledState,
} from './devices.ts'

test('capability flags and their bit set round-trip', () => {
  assert.equal(capabilityMask([DeviceCapability.lock, DeviceCapability.lockSync]), 18)
  assert.deepEqual(capabilityFlags(18), [2, 16])
  assert.deepEqual(capabilityFlags(0), [])
})

test.each([
  [DeviceCapability.lock | DeviceCapability.readsCards, 'lock'],
  [DeviceCapability.gateway | DeviceCapability.lockSync, 'gateway'],
  [DeviceCapability.encodesCards | DeviceCapability.readsCards, 'encoder'],
  [DeviceCapability.readsCards, 'reader'],
  [0, 'other'],
])('capabilities %i make a %s', (mask, kind) => {
  assert.equal(deviceKindOf(mask), kind)
})

test('the model of a found BLE lock comes from its advertised name', () => {
  assert.equal(bleLockModelCode('PMSL-101'), BLE_V3_LOCK_MODEL_CODE)
  assert.equal(bleLockModelCode('ACME lock'), undefined)
  assert.equal(bleLockModelCode(undefined), undefined)
})

test('a report settles each operation; a retry repeats the failed one', () => {
  assert.equal(settledState('grant', true), 'success')
  assert.equal(settledState('grant', false), 'failure')
  assert.equal(settledState('renew', true), 'success')
  assert.equal(settledState('renew', false), 'renewalFailed')
  assert.equal(settledState('revoke', true), 'revoked')
  assert.equal(settledState('revoke', false), 'revokeFailed')
  assert.equal(RETRY_OPERATION.renewalFailed, 'renew')
  assert.equal(RETRY_OPERATION.success, undefined)
})
