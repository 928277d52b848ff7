import assert from 'node:assert/strict'
import { test } from 'vitest'
import { isForeignSwitch, reconcile, resolveDefault, shouldAutoOpenPicker, tokenHash } from './current.ts'

const list = [{ propertyId: 3 }, { propertyId: 5 }, { propertyId: 9 }]

test('the default property is the user default when bound, else the last one', () => {
  assert.equal(resolveDefault(5, list), 5)
  assert.equal(resolveDefault(7, list), 9)
  assert.equal(resolveDefault(0, list), 9)
  assert.equal(resolveDefault(5, []), 0)
})

test('a reloaded list keeps the current property, else picks the first; empty resets to 0', () => {
  assert.equal(reconcile(5, list), 5)
  assert.equal(reconcile(4, list), 3)
  assert.equal(reconcile(0, list), 3)
  assert.equal(reconcile(5, []), 0)
})

test('the picker does not open itself on the property pages', () => {
  assert.equal(shouldAutoOpenPicker('/index', 0, 2), true)
  assert.equal(shouldAutoOpenPicker('/index', 3, 2), false)
  assert.equal(shouldAutoOpenPicker('/index', 0, 0), false)
  assert.equal(shouldAutoOpenPicker('/propertyMain', 0, 2), false)
  assert.equal(shouldAutoOpenPicker('/pmsAllPropertyUserCardApply', 0, 2), false)
})

test('the token hash is SHA-256 hex and our own switch is recognised', async () => {
  const hash = await tokenHash('abc')
  assert.equal(hash, 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  assert.equal(isForeignSwitch(hash.toUpperCase(), hash), false)
  assert.equal(isForeignSwitch('00', hash), true)
})
