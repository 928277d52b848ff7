/**
 * The one definition of each report figure (issue 14). The server's reports and the console's footnotes use these
 * functions and texts; nothing else computes a KPI. Inputs are integer counts and integer cents; ratios come back as
 * integers too, rounded half up: occupancy and cancellation rate in basis points (10000 = 100 %), ADR and RevPAR in
 * cents, average length of stay in hundredths of a night. A ratio over nothing (a zero denominator) is null, shown
 * as '-', never as 0 or a division error.
 */

/** Which out-of-order rooms leave the available room-nights (a property setting; the report names the one used). */
export const AvailabilityRule = {
  /** Default: every out-of-order room (under maintenance or locked) is deducted. */
  deductOutOfOrder: 'deductOutOfOrder',
  /** USALI: rooms out of order stay available; only long-term closures are deducted. */
  usali: 'usali',
} as const
export type AvailabilityRule = (typeof AvailabilityRule)[keyof typeof AvailabilityRule]
export const AVAILABILITY_RULES: AvailabilityRule[] = Object.values(AvailabilityRule)

/** A day's (or a period's summed) room counts, as the night audit's snapshot holds them. */
export interface RoomCounts {
  /** Rooms neither under maintenance nor locked, summed over the days (so: room-nights). */
  roomsInService: number
  /** Rooms under maintenance or locked, summed over the days. */
  roomsOutOfOrder: number
  /** Out-of-order rooms a manager marked closed long term (USALI deducts these only). */
  roomsLongTermClosed?: number
}

/** Integer a / b rounded half up (a, b >= 0), or null when b is 0. */
export function ratio(numerator: number, denominator: number, scale = 1): number | null {
  if (denominator <= 0) return null
  const a = BigInt(Math.round(numerator)) * BigInt(scale)
  const b = BigInt(Math.round(denominator))
  return Number((2n * a + b) / (2n * b))
}

/** Available room-nights: rooms in service × nights, out-of-order rooms deducted by the property's rule. */
export function availableRoomNights(rule: AvailabilityRule, c: RoomCounts): number {
  switch (rule) {
    case AvailabilityRule.deductOutOfOrder:
      return c.roomsInService
    case AvailabilityRule.usali:
      return c.roomsInService + c.roomsOutOfOrder - (c.roomsLongTermClosed ?? 0)
  }
}

/**
 * Room-nights sold: nights of stays charged as rooms (the night audit's room charges at a price above 0).
 * Complimentary and house-use nights are counted apart; hourly stays are never room-nights.
 */
export function roomNightsSold(c: { roomsSold: number }): number {
  return c.roomsSold
}

/** Occupancy in basis points: room-nights sold ÷ available room-nights. */
export const occupancy = (sold: number, available: number) => ratio(sold, available, 10_000)

/** Average daily rate in cents: room revenue ÷ room-nights sold. */
export const adr = (roomRevenueCents: number, sold: number) => ratio(roomRevenueCents, sold)

/** Revenue per available room in cents: room revenue ÷ available room-nights (= ADR × occupancy). */
export const revpar = (roomRevenueCents: number, available: number) => ratio(roomRevenueCents, available)

/**
 * Average length of stay in hundredths of a night: room-nights sold ÷ nightly stays that arrived in the period
 * (arrivals less hourly stays).
 */
export const averageLengthOfStay = (sold: number, arrivals: number, hourlyStays: number) =>
  ratio(sold, arrivals - hourlyStays, 100)

/**
 * Cancellation rate in basis points: cancellations ÷ reservations that ended in the period one way or another
 * (arrived, no-show or cancelled).
 */
export const cancellationRate = (cancellations: number, arrivals: number, noShows: number) =>
  ratio(cancellations, arrivals + noShows + cancellations, 10_000)

/** The figures every report row carries, computed from one set of counts by the definitions above. */
export interface Kpis {
  availableRoomNights: number
  roomNightsSold: number
  occupancyBp: number | null
  adrCents: number | null
  revparCents: number | null
  alosHundredths: number | null
  cancellationRateBp: number | null
}

export interface KpiInput extends RoomCounts {
  roomsSold: number
  roomRevenueCents: number
  arrivals: number
  hourlyStays: number
  noShows: number
  cancellations: number
}

export function kpisOf(rule: AvailabilityRule, c: KpiInput): Kpis {
  const available = availableRoomNights(rule, c)
  const sold = roomNightsSold(c)
  return {
    availableRoomNights: available,
    roomNightsSold: sold,
    occupancyBp: occupancy(sold, available),
    adrCents: adr(c.roomRevenueCents, sold),
    revparCents: revpar(c.roomRevenueCents, available),
    alosHundredths: averageLengthOfStay(sold, c.arrivals, c.hourlyStays),
    cancellationRateBp: cancellationRate(c.cancellations, c.arrivals, c.noShows),
  }
}

/** The KPI names whose footnote texts are in the language packs as `reports.kpi.<name>.note`. */
export const KPI_NAMES = [
  'roomNightsSold',
  'availableRoomNights',
  'occupancy',
  'adr',
  'revpar',
  'alos',
  'cancellationRate',
] as const
export type KpiName = (typeof KPI_NAMES)[number]
