// The member ledger's rules: spends split base/gift, refunds return the same parts, and over any random sequence of
// recharges, spends, refunds, adjustments and points the accounts never go below zero and equal the sum of records.
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import {
  applyDelta,
  expiryDate,
  type MemberBalances,
  type MemberDelta,
  pointsFor,
  refuseMemberUse,
  splitRefund,
  splitSpend,
} from './ledger.ts'

test('a spend takes base first (or gift first) and is refused when the total is short', () => {
  assert.deepEqual(splitSpend({ baseCents: 5000, giftCents: 2000 }, 6000), {
    baseCents: 5000,
    giftCents: 1000,
  })
  assert.deepEqual(splitSpend({ baseCents: 5000, giftCents: 2000 }, 6000, 'giftFirst'), {
    baseCents: 4000,
    giftCents: 2000,
  })
  assert.equal(splitSpend({ baseCents: 5000, giftCents: 2000 }, 7001), null)
  assert.equal(splitSpend({ baseCents: 5000, giftCents: 2000 }, 0), null)
})

test('a refund returns gift first as far as the payment took it, never more than is left', () => {
  const spent = { baseCents: 3000, giftCents: 1000 }
  assert.deepEqual(splitRefund(spent, { baseCents: 0, giftCents: 0 }, 1500), {
    baseCents: 500,
    giftCents: 1000,
  })
  assert.deepEqual(splitRefund(spent, { baseCents: 500, giftCents: 1000 }, 2500), {
    baseCents: 2500,
    giftCents: 0,
  })
  assert.equal(splitRefund(spent, { baseCents: 500, giftCents: 1000 }, 2501), null)
})

test('points per the rule, expiry per validity, and why a member cannot be used', () => {
  assert.equal(pointsFor(12_345, { points: 2, per: 10 }), 24)
  assert.equal(pointsFor(999, { points: 1, per: 10 }), 0)
  assert.equal(expiryDate('2026-08-31', '6m'), '2027-02-28')
  assert.equal(expiryDate('2026-01-15', '1y'), '2027-01-15')
  assert.equal(expiryDate('2026-01-15', 'forever'), null)
  const ok = { state: '0', expireDate: '2026-12-31', blacklist: false }
  assert.equal(refuseMemberUse(ok, '2026-12-31'), null)
  assert.equal(refuseMemberUse(ok, '2027-01-01'), 'members.expired')
  assert.equal(refuseMemberUse({ ...ok, state: '1' }, '2026-01-01'), 'members.stateLost')
  assert.equal(refuseMemberUse({ ...ok, state: '2' }, '2026-01-01'), 'members.stateDisabled')
  assert.equal(refuseMemberUse({ ...ok, blacklist: true }, '2026-01-01'), 'members.blacklisted')
})

const op = fc.oneof(
  fc.record({
    kind: fc.constant('recharge' as const),
    amount: fc.integer({ min: 1, max: 100_000 }),
    gift: fc.nat(20_000),
  }),
  fc.record({
    kind: fc.constant('spend' as const),
    amount: fc.integer({ min: 1, max: 150_000 }),
    giftFirst: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    which: fc.nat(),
    amount: fc.integer({ min: 1, max: 150_000 }),
  }),
  fc.record({
    kind: fc.constant('adjustment' as const),
    base: fc.integer({ min: -50_000, max: 50_000 }),
    gift: fc.integer({ min: -20_000, max: 20_000 }),
    points: fc.integer({ min: -500, max: 500 }),
  }),
  fc.record({ kind: fc.constant('earn' as const), cents: fc.nat(200_000) }),
)

test('over random movements: no account below zero, balances equal the sum of the records', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
      let balances: MemberBalances = { baseCents: 0, giftCents: 0, points: 0 }
      const records: MemberDelta[] = []
      const spends: Array<{
        spent: { baseCents: number; giftCents: number }
        back: { baseCents: number; giftCents: number }
      }> = []
      const move = (delta: MemberDelta) => {
        const next = applyDelta(balances, delta)
        if (!next) return false
        balances = next
        records.push(delta)
        return true
      }
      for (const o of ops) {
        switch (o.kind) {
          case 'recharge':
            assert.ok(move({ baseCents: o.amount, giftCents: 0, points: 0 }))
            if (o.gift) assert.ok(move({ baseCents: 0, giftCents: o.gift, points: 0 }))
            break
          case 'spend': {
            const parts = splitSpend(balances, o.amount, o.giftFirst ? 'giftFirst' : 'baseFirst')
            if (!parts) {
              assert.ok(balances.baseCents + balances.giftCents < o.amount)
              break
            }
            assert.ok(move({ baseCents: -parts.baseCents, giftCents: -parts.giftCents, points: 0 }))
            spends.push({ spent: parts, back: { baseCents: 0, giftCents: 0 } })
            break
          }
          case 'refund': {
            const s = spends[o.which % Math.max(1, spends.length)]
            if (!s) break
            const parts = splitRefund(s.spent, s.back, o.amount)
            if (!parts) break
            assert.ok(parts.giftCents <= s.spent.giftCents - s.back.giftCents)
            assert.ok(move({ baseCents: parts.baseCents, giftCents: parts.giftCents, points: 0 }))
            s.back = {
              baseCents: s.back.baseCents + parts.baseCents,
              giftCents: s.back.giftCents + parts.giftCents,
            }
            break
          }
          case 'adjustment':
            if (!move({ baseCents: o.base, giftCents: o.gift, points: o.points }))
              assert.ok(
                balances.baseCents + o.base < 0 ||
                  balances.giftCents + o.gift < 0 ||
                  balances.points + o.points < 0,
              )
            break
          case 'earn': {
            const points = pointsFor(o.cents, { points: 1, per: 1 })
            if (points) assert.ok(move({ baseCents: 0, giftCents: 0, points }))
            break
          }
        }
        assert.ok(balances.baseCents >= 0 && balances.giftCents >= 0 && balances.points >= 0)
        const sum = (k: keyof MemberDelta) => records.reduce((t, r) => t + r[k], 0)
        assert.equal(balances.baseCents, sum('baseCents'))
        assert.equal(balances.giftCents, sum('giftCents'))
        assert.equal(balances.points, sum('points'))
      }
    }),
  )
})
