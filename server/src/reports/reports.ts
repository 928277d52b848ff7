// The business daily, monthly and annual reports: which days each column or row sums (figures.ts does the sums and
// kpi.ts the ratios). Two range reads per report, whatever its length.
import type { DailyReport, PeriodReport } from '@pms/protocol/api/reports'
import { daysOfMonth, type ReportDay, sameDayLastYear, sumFigures } from '@pms/protocol/reports/figures'
import { addDays, type DayText, daysBetween } from '@pms/protocol/time/zone'
import type { Db } from '../db/client.ts'
import { reportDays } from './days.ts'
import type { ReportScope } from './scope.ts'

const within = (days: ReportDay[], from: DayText, to: DayText) =>
  days.filter((d) => d.snapshot.businessDate >= from && d.snapshot.businessDate <= to)

export async function dailyReport(db: Db, s: ReportScope, date: DayText): Promise<DailyReport> {
  const year = await reportDays(db, s.propertyId, s.clock, `${date.slice(0, 4)}-01-01`, date)
  const ly = sameDayLastYear(date)
  const lastYear = await reportDays(db, s.propertyId, s.clock, `${ly.slice(0, 7)}-01`, ly)
  const sum = (days: ReportDay[]) => sumFigures(s.rule, days)
  return {
    businessDate: date,
    openBusinessDate: s.clock.businessDate,
    rule: s.rule,
    today: sum(within(year, date, date)),
    monthToDate: sum(within(year, `${date.slice(0, 7)}-01`, date)),
    yearToDate: sum(year),
    lastYear: sum(within(lastYear, ly, ly)),
    monthToDateLastYear: sum(lastYear),
  }
}

export async function monthlyReport(db: Db, s: ReportScope, month: string): Promise<PeriodReport> {
  const dates = daysOfMonth(month)
  const days = await reportDays(db, s.propertyId, s.clock, dates[0]!, dates.at(-1)!)
  return {
    period: month,
    beginDate: dates[0]!,
    endDate: dates.at(-1)!,
    openBusinessDate: s.clock.businessDate,
    rule: s.rule,
    rows: dates.map((key) => ({ key, figures: sumFigures(s.rule, within(days, key, key)) })),
    total: sumFigures(s.rule, days),
  }
}

export async function annualReport(db: Db, s: ReportScope, year: string): Promise<PeriodReport> {
  const days = await reportDays(db, s.propertyId, s.clock, `${year}-01-01`, `${year}-12-31`)
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)
  return {
    period: year,
    beginDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    openBusinessDate: s.clock.businessDate,
    rule: s.rule,
    rows: months.map((key) => ({
      key,
      figures: sumFigures(s.rule, within(days, `${key}-01`, `${key}-31`)),
    })),
    total: sumFigures(s.rule, days),
  }
}

/** A row per day from `from` to `to` (the income report). */
export async function rangeReport(db: Db, s: ReportScope, from: DayText, to: DayText): Promise<PeriodReport> {
  const days = await reportDays(db, s.propertyId, s.clock, from, to)
  const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i))
  return {
    period: `${from}~${to}`,
    beginDate: from,
    endDate: to,
    openBusinessDate: s.clock.businessDate,
    rule: s.rule,
    rows: dates.map((key) => ({ key, figures: sumFigures(s.rule, within(days, key, key)) })),
    total: sumFigures(s.rule, days),
  }
}
