// Revenue analysis by room type over a period and the same period a year earlier: closed days from the room type
// snapshot (two indexed range reads), the open day live and provisional. KPIs by the one definition (kpi.ts).
import type { RevenueReport, RoomTypeFigures } from '@pms/protocol/api/reports'
import { sameDayLastYear } from '@pms/protocol/reports/figures'
import { adr, availableRoomNights, occupancy, ratio, revpar } from '@pms/protocol/reports/kpi'
import type { DayText } from '@pms/protocol/time/zone'
import type { Db } from '../db/client.ts'
import { closedRoomTypes, type RoomTypeDay, roomTypeDay } from './room-types.ts'
import type { ReportScope } from './scope.ts'

type Sums = Omit<RoomTypeDay, 'roomTypeId' | 'typeName'>
const ZERO: Sums = {
  roomsInService: 0,
  roomsOutOfOrder: 0,
  roomsLongTermClosed: 0,
  roomsSold: 0,
  roomRevenueCents: 0,
}

function add(a: Sums, b: Sums): Sums {
  return {
    roomsInService: a.roomsInService + b.roomsInService,
    roomsOutOfOrder: a.roomsOutOfOrder + b.roomsOutOfOrder,
    roomsLongTermClosed: a.roomsLongTermClosed + b.roomsLongTermClosed,
    roomsSold: a.roomsSold + b.roomsSold,
    roomRevenueCents: a.roomRevenueCents + b.roomRevenueCents,
  }
}

function figuresOf(s: ReportScope, c: Sums, totalRevenueCents: number): RoomTypeFigures {
  const available = availableRoomNights(s.rule, c)
  return {
    roomsInService: c.roomsInService,
    roomsOutOfOrder: c.roomsOutOfOrder,
    roomsLongTermClosed: c.roomsLongTermClosed,
    availableRoomNights: available,
    roomNightsSold: c.roomsSold,
    roomRevenueCents: c.roomRevenueCents,
    adrCents: adr(c.roomRevenueCents, c.roomsSold),
    occupancyBp: occupancy(c.roomsSold, available),
    revparCents: revpar(c.roomRevenueCents, available),
    revenueShareBp: ratio(c.roomRevenueCents, totalRevenueCents, 10_000),
  }
}

const byType = (days: RoomTypeDay[]) => {
  const out = new Map<number, { typeName: string; sums: Sums }>()
  for (const d of days) {
    const had = out.get(d.roomTypeId)
    out.set(d.roomTypeId, { typeName: had?.typeName || d.typeName, sums: add(had?.sums ?? ZERO, d) })
  }
  return out
}

export async function revenueReport(
  db: Db,
  s: ReportScope,
  from: DayText,
  to: DayText,
): Promise<RevenueReport> {
  const open = s.clock.businessDate
  const provisional = open >= from && open <= to
  const current = [
    ...(provisional ? await roomTypeDay(db, s.propertyId, open) : []),
    ...(await closedRoomTypes(db, s.propertyId, from, to, open)),
  ]
  const previous = await closedRoomTypes(db, s.propertyId, sameDayLastYear(from), sameDayLastYear(to), open)
  const now = byType(current)
  const before = byType(previous)
  const total = current.reduce<Sums>(add, ZERO)
  const totalLastYear = previous.reduce<Sums>(add, ZERO)
  const ids = [...new Set([...now.keys(), ...before.keys()])].sort((a, b) => a - b)
  return {
    beginDate: from,
    endDate: to,
    openBusinessDate: open,
    rule: s.rule,
    provisional,
    rows: ids.map((id) => ({
      roomTypeId: id,
      typeName: now.get(id)?.typeName || before.get(id)?.typeName || '',
      figures: figuresOf(s, now.get(id)?.sums ?? ZERO, total.roomRevenueCents),
      lastYear: figuresOf(s, before.get(id)?.sums ?? ZERO, totalLastYear.roomRevenueCents),
    })),
    total: figuresOf(s, total, total.roomRevenueCents),
    totalLastYear: figuresOf(s, totalLastYear, totalLastYear.roomRevenueCents),
  }
}
