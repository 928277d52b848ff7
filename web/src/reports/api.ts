// Server calls of the report screens (protocol/src/api/reports.ts).
import type { Result } from '@pms/protocol'
import type { DailyReport, MemberReport, PeriodReport } from '@pms/protocol/api/reports'
import { http } from '../api/request.ts'

export const reportApi = {
  daily: (businessDate?: string) =>
    http.get<Result<DailyReport>>('/pms/pmsReport/daily', businessDate ? { businessDate } : undefined),
  monthly: (month: string) => http.get<Result<PeriodReport>>('/pms/pmsReport/monthly', { month }),
  annual: (year: string) => http.get<Result<PeriodReport>>('/pms/pmsReport/annual', { year }),
  income: (beginDate: string, endDate: string) =>
    http.get<Result<PeriodReport>>('/pms/pmsReport/income', { beginDate, endDate }),
  member: (beginDate: string, endDate: string) =>
    http.get<Result<MemberReport>>('/pms/pmsReport/member', { beginDate, endDate }),
}
