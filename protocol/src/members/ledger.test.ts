// The member ledger's rules: spends split base/gift, refunds return the same parts, recharge refunds, points payments,
// expiry and upgrades; over any random sequence of recharges, spends, refunds, recharge refunds, adjustments, points
// earned, paid and expired the accounts never go below zero and equal the sum of records.
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import {
  applyDelta,
  expiryDate,
  type MemberBalances,
  type MemberDelta,
  pointsFor,
  pointsForPayment,
  pointsPayRoom,
  pointsToExpire,
  refuseMemberUse,
  splitRefund,
  splitSpend,
  splitWithdrawal,
  upgradeTarget,
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
  fc.record({
    kind: fc.constant('withdraw' as const),
    which: fc.nat(),
    amount: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('pointsPay' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('expire' as const), back: fc.nat(30) }),
)

test('a recharge refund pays back unspent base at most once and withdraws the gift as far as it is held', () => {
  const recharge = { baseCents: 100_000, giftCents: 20_000 }
  const none = { baseCents: 0, giftCents: 0 }
  assert.deepEqual(splitWithdrawal({ baseCents: 70_000, giftCents: 20_000 }, recharge, none), {
    baseCents: 70_000,
    giftCents: 20_000,
  })
  assert.deepEqual(splitWithdrawal({ baseCents: 70_000, giftCents: 5_000 }, recharge, none, 10_000), {
    baseCents: 10_000,
    giftCents: 5_000,
  })
  assert.deepEqual(
    splitWithdrawal({ baseCents: 60_000, giftCents: 0 }, recharge, { baseCents: 10_000, giftCents: 5_000 }),
    { baseCents: 60_000, giftCents: 0 },
  )
  assert.equal(splitWithdrawal({ baseCents: 70_000, giftCents: 0 }, recharge, none, 70_001), null)
  assert.equal(splitWithdrawal({ baseCents: 0, giftCents: 0 }, recharge, none), null)
})

test('points pay at the rate (a part unit rounds up) within the cap; the oldest points expire first', () => {
  assert.equal(pointsForPayment(1_000, 100), 1_000)
  assert.equal(pointsForPayment(1_001, 10), 101)
  assert.equal(pointsForPayment(1_000, 0), null)
  assert.equal(pointsPayRoom(40_000, 0, 50), 20_000)
  assert.equal(pointsPayRoom(40_000, 15_000, 50), 5_000)
  assert.equal(pointsPayRoom(40_000, 25_000, 50), 0)
  const at = (n: number) => new Date(2026, 0, n)
  const moves = [
    { points: 1_000, time: at(1) },
    { points: 500, time: at(10) },
    { points: -300, time: at(12) },
  ]
  assert.equal(pointsToExpire(moves, at(5), 1_200), 700, 'the 300 used came out of the oldest points')
  assert.equal(pointsToExpire(moves, at(20), 1_200), 1_200)
  assert.equal(pointsToExpire(moves, at(1), 1_200), 0)
})

test('the upgrade goes to the best grade reached within its own window, never down', () => {
  const grades = [
    {
      gradeId: 1,
      gradeRank: 1,
      upgradeWay: 'frequency' as const,
      threshold: 2,
      effectiveMonths: 12,
      state: '0',
    },
    {
      gradeId: 2,
      gradeRank: 2,
      upgradeWay: 'amount' as const,
      threshold: 100_000,
      effectiveMonths: 0,
      state: '0',
    },
    {
      gradeId: 3,
      gradeRank: 3,
      upgradeWay: 'amount' as const,
      threshold: 50_000,
      effectiveMonths: 0,
      state: '1',
    },
  ]
  const figures = (stays: number, amountCents: number) => (months: number) =>
    months === 12 ? { stays, amountCents: 0 } : { stays, amountCents }
  assert.equal(upgradeTarget(null, grades, figures(1, 0)), null)
  assert.equal(upgradeTarget(null, grades, figures(2, 0))?.gradeId, 1)
  assert.equal(
    upgradeTarget(null, grades, figures(2, 100_000))?.gradeId,
    2,
    'the disabled grade 3 is skipped',
  )
  assert.equal(upgradeTarget(2, grades, figures(9, 900_000)), null, 'nothing above rank 2 is enabled')
})

test('over random movements: no account below zero, balances equal the sum of the records', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
      let balances: MemberBalances = { baseCents: 0, giftCents: 0, points: 0 }
      const records: MemberDelta[] = []
      const spends: Array<{
        spent: { baseCents: number; giftCents: number }
        back: { baseCents: number; giftCents: number }
      }> = []
      const recharges: Array<{ base: number; gift: number; out: { baseCents: number; giftCents: number } }> =
        []
      // Point movements dated by their step, for expiry first in, first out.
      const pointMoves: Array<{ points: number; time: Date }> = []
      let step = 0
      const move = (delta: MemberDelta) => {
        const next = applyDelta(balances, delta)
        if (!next) return false
        balances = next
        records.push(delta)
        if (delta.points) pointMoves.push({ points: delta.points, time: new Date(step) })
        return true
      }
      for (const o of ops) {
        step += 1
        switch (o.kind) {
          case 'recharge':
            assert.ok(move({ baseCents: o.amount, giftCents: 0, points: 0 }))
            if (o.gift) assert.ok(move({ baseCents: 0, giftCents: o.gift, points: 0 }))
            recharges.push({ base: o.amount, gift: o.gift, out: { baseCents: 0, giftCents: 0 } })
            break
          case 'withdraw': {
            const r = recharges[o.which % Math.max(1, recharges.length)]
            if (!r) break
            const parts = splitWithdrawal(balances, { baseCents: r.base, giftCents: r.gift }, r.out, o.amount)
            if (!parts) break
            assert.ok(
              r.out.baseCents + parts.baseCents <= r.base,
              'never more base than the recharge paid in',
            )
            assert.ok(r.out.giftCents + parts.giftCents <= r.gift, 'never more gift than it brought')
            assert.ok(move({ baseCents: -parts.baseCents, giftCents: -parts.giftCents, points: 0 }))
            r.out = {
              baseCents: r.out.baseCents + parts.baseCents,
              giftCents: r.out.giftCents + parts.giftCents,
            }
            break
          }
          case 'pointsPay': {
            const points = pointsForPayment(o.amount, 10)!
            if (points <= balances.points) assert.ok(move({ baseCents: 0, giftCents: 0, points: -points }))
            break
          }
          case 'expire': {
            const due = pointsToExpire(pointMoves, new Date(step - o.back), balances.points)
            assert.ok(due >= 0 && due <= balances.points)
            if (due) assert.ok(move({ baseCents: 0, giftCents: 0, points: -due }))
            break
          }
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
