// Server calls of the report screens (protocol/src/api/reports.ts).
import type { Result } from '@pms/protocol'
import type {
  CashierReport,
  DailyReport,
  Dashboard,
  FloorOccupancyReport,
  MemberReport,
  OccupancyReport,
  PeriodReport,
  RevenueDimension,
  RevenueReport,
  SegmentRevenueReport,
} from '@pms/protocol/api/reports'
import { http } from '../api/request.ts'

export type Period = { beginDate: string; endDate: string }

export const reportApi = {
  daily: (businessDate?: string) =>
    http.get<Result<DailyReport>>('/pms/pmsReport/daily', businessDate ? { businessDate } : undefined),
  // Without a period every report answers its default around the property's open business date (and names it).
  monthly: (month?: string) =>
    http.get<Result<PeriodReport>>('/pms/pmsReport/monthly', month ? { month } : undefined),
  annual: (year?: string) =>
    http.get<Result<PeriodReport>>('/pms/pmsReport/annual', year ? { year } : undefined),
  income: (period?: Period) => http.get<Result<PeriodReport>>('/pms/pmsReport/income', period),
  member: (period?: Period) => http.get<Result<MemberReport>>('/pms/pmsReport/member', period),
  occupancy: (period?: Period) => http.get<Result<OccupancyReport>>('/pms/pmsReport/occupancy', period),
  occupancyByFloor: (period?: Period) =>
    http.get<Result<FloorOccupancyReport>>('/pms/pmsReport/occupancyByFloor', period),
  revenue: (period?: Period) => http.get<Result<RevenueReport>>('/pms/pmsReport/revenue', period),
  revenueBySegment: (dimension: RevenueDimension, period?: Period) =>
    http.get<Result<SegmentRevenueReport>>('/pms/pmsReport/revenueBySegment', { dimension, ...period }),
  cashier: (period?: Period) => http.get<Result<CashierReport>>('/pms/pmsReport/cashier', period),
  dashboard: () => http.get<Result<Dashboard>>('/pms/pmsReport/dashboard'),
}
