import assert from 'node:assert/strict'
import { describe, test } from 'vitest'
import { createKeyKeeper } from './idempotency.ts'

function counter() {
  let n = 0
  return () => `k${++n}`
}

describe('idempotency key of a dialog submission', () => {
  test('a double click (same content, not yet settled) sends one key', () => {
    const keeper = createKeyKeeper(counter())
    const body = { orderId: 1, amountCents: 5000, method: 'cash' }
    assert.equal(keeper.keyFor(body), 'k1')
    assert.equal(keeper.keyFor({ ...body }), 'k1')
  })

  test('a retry after a failure keeps the key; a changed amount gets a new one', () => {
    const keeper = createKeyKeeper(counter())
    assert.equal(keeper.keyFor({ amountCents: 100 }), 'k1')
    assert.equal(keeper.keyFor({ amountCents: 100 }), 'k1')
    assert.equal(keeper.keyFor({ amountCents: 200 }), 'k2')
    assert.equal(keeper.keyFor({ amountCents: 100 }), 'k3')
  })

  test('after a success the same content is a new posting with a new key', () => {
    const keeper = createKeyKeeper(counter())
    assert.equal(keeper.keyFor({ amountCents: 100 }), 'k1')
    keeper.settle()
    assert.equal(keeper.keyFor({ amountCents: 100 }), 'k2')
  })

  test('the default keys are random and distinct', () => {
    const a = createKeyKeeper()
    const b = createKeyKeeper()
    const ka = a.keyFor({})
    assert.match(ka, /^[0-9a-f-]{36}$/)
    assert.notEqual(ka, b.keyFor({}))
  })
})
