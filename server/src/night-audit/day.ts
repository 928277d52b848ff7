// The day a night audit closes, as every step sees it: the property, its business date and zone, the instants that
// date covers on the property's clock, the audit's own `now`, who runs it and the no-show decision.
import type { DayText } from '@pms/protocol/time/zone'

export interface AuditDay {
  propertyId: number
  businessDate: DayText
  timeZone: string
  /** [start, end) of the business date on the property's clock. */
  day: { start: Date; end: Date }
  now: Date
  createBy: number | null
  /** Arrivals due and not checked in: mark them no-show, or keep them booked. */
  noShowRule: 'noShow' | 'keep'
}

export const iso = (d: Date) => d.toISOString()
