// What every report is asked for: the property, its clock (zone and open business date) and the availability rule.
import type { AvailabilityRule } from '@pms/protocol/reports/kpi'
import type { PropertyClock } from '../properties/clock.ts'

export interface ReportScope {
  propertyId: number
  clock: PropertyClock
  rule: AvailabilityRule
}
