// The night audit's pure rules: when a date may close, when the scheduler runs it, and the day's voucher lines.
import { describe, expect, it } from 'vitest'
import { compareCount } from '../shifts/shifts.ts'
import { refusalOf } from './run.ts'
import { auditDue } from './scheduler.ts'
import { dayVoucherLines } from './voucher.ts'

describe('which date may close', () => {
  it.each([
    ['2026-11-23', undefined, '2026-11-24', null],
    ['2026-11-24', '2026-11-24', '2026-11-24', null],
    ['2026-11-24', '2026-11-23', '2026-11-24', 'nightAudit.alreadyClosed'],
    ['2026-11-24', '2026-11-25', '2026-11-25', 'nightAudit.notOpenDate'],
    ['2026-11-25', undefined, '2026-11-24', 'nightAudit.notYet'],
  ])('open %s, asked %s, property today %s → %s', (open, asked, today, key) => {
    expect(refusalOf(open, asked, today)?.key ?? null).toBe(key)
  })
})

describe('when the scheduler runs the audit', () => {
  const tz = 'Asia/Shanghai'
  // 2026-11-24 04:30 in Shanghai.
  const at = new Date('2026-11-23T20:30:00Z')
  it.each([
    ['2026-11-23', '04:00', true],
    ['2026-11-23', '05:00', false],
    ['2026-11-24', '04:00', false],
    ['2026-11-24', '23:30', false],
    ['2026-11-23', '23:30', true],
    ['2026-11-21', '05:00', true],
    ['2026-11-23', '', false],
  ])('business date %s, audit at %s → %s', (businessDate, nightAuditTime, due) => {
    expect(auditDue({ businessDate, nightAuditTime, timeZone: tz }, at)).toBe(due)
  })
})

describe('the day voucher', () => {
  const leaves = new Set([
    '1001',
    '1002',
    '101201',
    '101202',
    '1122',
    '2203',
    '2241',
    '5001',
    '5051',
    '505101',
  ])
  const leafOf = (code: string) =>
    leaves.has(code) ? code : ([...leaves].sort().find((c) => c.startsWith(code) && c !== code) ?? null)
  const money = [
    { kind: 'roomCharge', method: null, subjectCode: '', cents: 48800 },
    { kind: 'extraCharge', method: null, subjectCode: '505101', cents: 1500 },
    { kind: 'extraCharge', method: null, subjectCode: '9999', cents: 500 },
    { kind: 'deposit', method: 'cash', subjectCode: '', cents: 50000 },
    { kind: 'payment', method: 'thirdParty', subjectCode: '', cents: 12000 },
    { kind: 'payment', method: 'memberCard', subjectCode: '', cents: 3000 },
    { kind: 'refund', method: 'cash', subjectCode: '', cents: 2000 },
  ]
  const lines = dayVoucherLines(money, leafOf, '2026-11-23')
  const side = (code: string, s: 'debitCents' | 'creditCents') =>
    lines.filter((l) => l.subjectCode === code).reduce((sum, l) => sum + (l[s] ?? 0), 0)

  it('balances, one debit and one credit for every amount', () => {
    const debits = lines.reduce((s, l) => s + (l.debitCents ?? 0), 0)
    const credits = lines.reduce((s, l) => s + (l.creditCents ?? 0), 0)
    expect(debits).toBe(credits)
    expect(debits).toBe(money.reduce((s, m) => s + m.cents, 0))
  })

  it('books each kind to its subjects', () => {
    expect(side('5001', 'creditCents')).toBe(48800)
    expect(side('505101', 'creditCents')).toBe(1500)
    // An unknown charge subject falls back to other revenue.
    expect(side('5051', 'creditCents')).toBe(500)
    expect(side('2203', 'creditCents')).toBe(50000)
    expect(side('1001', 'debitCents')).toBe(50000)
    expect(side('1001', 'creditCents')).toBe(2000)
    // A parent code (1012) books to its first leaf.
    expect(side('101201', 'debitCents')).toBe(12000)
    expect(side('2241', 'debitCents')).toBe(3000)
  })

  it('is empty on a day without money', () => {
    expect(dayVoucherLines([], leafOf, '2026-11-23')).toEqual([])
  })
})

describe('the blind count', () => {
  it('shows over and short per method and in total', () => {
    const { lines, totals } = compareCount(
      { cash: 68000, thirdParty: 12000 },
      { cash: 67000, thirdParty: 12500 },
    )
    expect(lines).toEqual([
      { method: 'cash', expectedCents: 68000, countedCents: 67000, overShortCents: -1000 },
      { method: 'thirdParty', expectedCents: 12000, countedCents: 12500, overShortCents: 500 },
    ])
    expect(totals).toEqual({ expectedCents: 80000, countedCents: 79500, overShortCents: -500 })
  })
})
