import assert from 'node:assert/strict'
import { test } from 'vitest'
import { builtInPacks } from '../i18n/index.ts'
import type { CardDecodeResult, CardFields } from './card-fields.ts'
import { CardFlag, CardType } from './card-types.ts'
import { decideCard, type LockPolicyState, newLockPolicyState, refusalReasonKey } from './lock-policy.ts'
import { GUEST_101 } from './test-fixtures.ts'

const LOCK_101 = newLockPolicyState({ propertyId: 1001, buildingId: 1, floorId: 1, roomId: 101 })
const INSIDE = GUEST_101.validFrom + 3600
const ok = (fields: Partial<CardFields>): CardDecodeResult => ({
  ok: true,
  fields: { ...GUEST_101, ...fields },
})

const cases: [string, LockPolicyState, CardDecodeResult, number, string][] = [
  ['guest card in its window', LOCK_101, ok({}), INSIDE, 'accept'],
  ['guest card at the first second', LOCK_101, ok({}), GUEST_101.validFrom, 'accept'],
  ['guest card at the last second', LOCK_101, ok({}), GUEST_101.validUntil, 'accept'],
  ['guest card one second early', LOCK_101, ok({}), GUEST_101.validFrom - 1, 'not-yet-valid'],
  ['guest card one second late', LOCK_101, ok({}), GUEST_101.validUntil + 1, 'expired'],
  ['guest card of room 102', LOCK_101, ok({ roomId: 102 }), INSIDE, 'wrong-room'],
  ['card of another property id', LOCK_101, ok({ propertyId: 9 }), INSIDE, 'foreign-property'],
  ['card sealed with another secret', LOCK_101, { ok: false, reason: 'foreign' }, INSIDE, 'foreign-property'],
  ['tampered card', LOCK_101, { ok: false, reason: 'tampered' }, INSIDE, 'tampered'],
  ['blank card', LOCK_101, { ok: false, reason: 'blank' }, INSIDE, 'unreadable'],
  ['older guest card', { ...LOCK_101, guestSequence: { 101: 8 } }, ok({}), INSIDE, 'superseded'],
  ['same-sequence guest card', { ...LOCK_101, guestSequence: { 101: 7 } }, ok({}), INSIDE, 'accept'],
  ['guest card after checkout', { ...LOCK_101, checkoutMark: { 101: 7 } }, ok({}), INSIDE, 'checked-out'],
  [
    'newer guest card after checkout',
    { ...LOCK_101, checkoutMark: { 101: 7 } },
    ok({ issueSequence: 8 }),
    INSIDE,
    'accept',
  ],
  ['blacklisted card', { ...LOCK_101, blacklist: [42] }, ok({}), INSIDE, 'blacklisted'],
  ['guest card, deadbolt thrown', { ...LOCK_101, deadbolted: true }, ok({}), INSIDE, 'deadbolted'],
  [
    'guest card with override, deadbolt thrown',
    { ...LOCK_101, deadbolted: true },
    ok({ flags: CardFlag.DEADBOLT_OVERRIDE }),
    INSIDE,
    'accept',
  ],
  ['floor card of floor 1', LOCK_101, ok({ cardType: CardType.FLOOR, roomId: 0 }), INSIDE, 'accept'],
  [
    'floor card of floor 2',
    LOCK_101,
    ok({ cardType: CardType.FLOOR, floorId: 2, roomId: 0 }),
    INSIDE,
    'wrong-room',
  ],
  [
    'building card of building 1',
    LOCK_101,
    ok({ cardType: CardType.BUILDING, floorId: 0, roomId: 0 }),
    INSIDE,
    'accept',
  ],
  [
    'building card of building 2',
    LOCK_101,
    ok({ cardType: CardType.BUILDING, buildingId: 2 }),
    INSIDE,
    'wrong-room',
  ],
  [
    'chief card anywhere',
    LOCK_101,
    ok({ cardType: CardType.CHIEF, buildingId: 9, roomId: 0 }),
    INSIDE,
    'accept',
  ],
  [
    'chief card, deadbolt thrown',
    { ...LOCK_101, deadbolted: true },
    ok({ cardType: CardType.CHIEF }),
    INSIDE,
    'deadbolted',
  ],
  [
    'emergency card, deadbolt thrown',
    { ...LOCK_101, deadbolted: true },
    ok({ cardType: CardType.EMERGENCY }),
    INSIDE,
    'accept',
  ],
  ['staff card for the whole floor', LOCK_101, ok({ cardType: CardType.STAFF, roomId: 0 }), INSIDE, 'accept'],
  [
    'staff card for room 102 only',
    LOCK_101,
    ok({ cardType: CardType.STAFF, roomId: 102 }),
    INSIDE,
    'wrong-room',
  ],
  [
    'cleaner card for building 2',
    LOCK_101,
    ok({ cardType: CardType.CLEANER, buildingId: 2, floorId: 0, roomId: 0 }),
    INSIDE,
    'wrong-room',
  ],
  ['an elevator card on a door', LOCK_101, ok({ cardType: CardType.ELEVATOR }), INSIDE, 'not-for-locks'],
  [
    'expired staff card',
    LOCK_101,
    ok({ cardType: CardType.STAFF, roomId: 0 }),
    GUEST_101.validUntil + 1,
    'expired',
  ],
]

for (const [name, lock, card, now, expected] of cases) {
  test(`lock 101: ${name} → ${expected}`, () => {
    const d = decideCard(lock, card, now)
    assert.equal(d.outcome === 'accept' ? 'accept' : d.reason, expected)
  })
}

test('a newer SUPERSEDE guest card raises the sequence, so the older card is refused afterwards', () => {
  const newer = decideCard(LOCK_101, ok({ issueSequence: 8 }), INSIDE)
  assert.equal(newer.outcome === 'accept' && newer.effect, 'sequence-raised')
  const older = decideCard(newer.state, ok({}), INSIDE)
  assert.deepEqual(older.outcome === 'refuse' && older.reason, 'superseded')
})

test('a guest card without SUPERSEDE opens but does not raise the sequence', () => {
  const d = decideCard(LOCK_101, ok({ flags: 0, issueSequence: 9 }), INSIDE)
  assert.equal(d.outcome === 'accept' && d.effect, 'opened')
  assert.deepEqual(d.state.guestSequence, {})
})

test('a checkout card marks the room; it does not open the door', () => {
  const d = decideCard(LOCK_101, ok({ cardType: CardType.CHECKOUT, cardNo: 50 }), INSIDE)
  assert.ok(d.outcome === 'accept' && !d.opens && d.effect === 'checked-out')
  assert.deepEqual(d.state.checkoutMark, { 101: 7 })
  assert.equal(decideCard(d.state, ok({}), INSIDE).outcome, 'refuse')
})

test('a lost card blacklists its target; an un-lost card releases it', () => {
  const lost = decideCard(LOCK_101, ok({ cardType: CardType.LOST, cardNo: 60, targetCardNo: 42 }), INSIDE)
  assert.deepEqual(lost.state.blacklist, [42])
  const refused = decideCard(lost.state, ok({}), INSIDE)
  assert.equal(refused.outcome === 'refuse' && refused.reason, 'blacklisted')
  const again = decideCard(lost.state, ok({ cardType: CardType.LOST, cardNo: 60, targetCardNo: 42 }), INSIDE)
  assert.deepEqual(again.state.blacklist, [42])
  const unlost = decideCard(
    lost.state,
    ok({ cardType: CardType.UN_LOST, cardNo: 61, targetCardNo: 42 }),
    INSIDE,
  )
  assert.deepEqual(unlost.state.blacklist, [])
  assert.equal(decideCard(unlost.state, ok({}), INSIDE).outcome, 'accept')
})

test('a clear card forgets sequences, checkout marks and the blacklist', () => {
  const busy = { ...LOCK_101, guestSequence: { 101: 9 }, checkoutMark: { 101: 9 }, blacklist: [5] }
  const d = decideCard(busy, ok({ cardType: CardType.CLEAR, cardNo: 70 }), INSIDE)
  assert.deepEqual([d.state.guestSequence, d.state.checkoutMark, d.state.blacklist], [{}, {}, []])
})

test('a time card sets the clock even when the clock is far off', () => {
  const d = decideCard(LOCK_101, ok({ cardType: CardType.TIME, validFrom: 1714540000 }), 0)
  assert.ok(d.outcome === 'accept' && d.clockSetTo === 1714540000 && !d.opens)
})

test('the lock state given is never mutated', () => {
  const frozen = Object.freeze({ ...LOCK_101, guestSequence: Object.freeze({}) })
  decideCard(frozen, ok({ issueSequence: 20 }), INSIDE)
  assert.deepEqual(frozen.guestSequence, {})
})

test('every refusal reason has a message in the language packs', () => {
  for (const [, , , , reason] of cases) {
    if (reason === 'accept') continue
    const key = refusalReasonKey(reason as Parameters<typeof refusalReasonKey>[0])
    assert.ok(builtInPacks['en-US'][key], key)
  }
})
