// GET /pms/pmsOrder/today: the desk's day at a glance for the home page (/index) — today's figures, the stays due to
// arrive (assigned to a room or not) and the stays due out (overdue ones first).

/** A reserved stay due today and not checked in yet. */
export interface TodayArrival {
  orderId: number
  orderRoomId: number
  orderNo: string
  /** null while the reservation holds a room type only. */
  roomNo: string | null
  typeName: string
  contactName: string
  /** Masked (SPEC §5): the list is for reading, not editing. */
  contactPhone: string
  /** Planned arrival, 'YYYY-MM-DD hh:mm:ss' local time. */
  startTime: string
  endTime: string
}

/** An in-house stay due out today or overdue. */
export interface TodayDeparture {
  orderId: number
  orderRoomId: number
  orderNo: string
  roomNo: string | null
  typeName: string
  /** The main guest, or the order's contact while none is registered. */
  guestName: string
  /** Planned departure, 'YYYY-MM-DD hh:mm:ss' local time. */
  endTime: string
  overdue: boolean
  /** The order's folio balance, cents: positive is owed by the guest, negative is held. */
  balanceCents: number
}

export interface DeskToday {
  figures: {
    /** Rooms of the property. */
    rooms: number
    /** Rooms empty and in service (not locked, not under maintenance). */
    vacant: number
    /** Stays in house now. */
    inHouse: number
    arriving: number
    dueOut: number
    overdue: number
  }
  arrivals: TodayArrival[]
  departures: TodayDeparture[]
  /**
   * When the day changes by time alone (ISO instant): a departure turning overdue, an arrival's booking ending. The
   * console asks again then; absent when no such instant is ahead today.
   */
  changesAt?: string
}
