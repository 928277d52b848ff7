// The room status chart's contract (SPEC §2.9, §4): GET /pms/pmsRoom/statusChart, PUT /pms/pmsRoom/state and the
// body of the `roomStatus` push record the PUT publishes on <prefix>/push_record/{propertyId}.

/** Setting and cancelling room states on the chart; reading it takes pms:pmsRoom:list. */
export const ROOM_STATE_PERMISSION = 'pms:pmsRoom:state'
/**
 * Marking a room closed long term as it is locked or put under maintenance (a manager's call: the USALI availability
 * rule deducts only these rooms from the available room-nights).
 */
export const ROOM_LONG_TERM_PERMISSION = 'pms:pmsRoom:longTermClosure'

/** Room states of SPEC §4: one occupancy (empty, full, notFull) plus the independent flags dirty, locked, maintain. */
export const RoomState = {
  empty: 'empty',
  full: 'full',
  notFull: 'notFull',
  dirty: 'dirty',
  locked: 'locked',
  maintain: 'maintain',
} as const
export type RoomState = (typeof RoomState)[keyof typeof RoomState]

export const OCCUPANCIES = [RoomState.empty, RoomState.full, RoomState.notFull] as const
export type Occupancy = (typeof OCCUPANCIES)[number]

export const ROOM_FLAGS = [RoomState.dirty, RoomState.locked, RoomState.maintain] as const
export type RoomFlag = (typeof ROOM_FLAGS)[number]

export interface RoomStatusTile {
  roomId: number
  roomNo: string
  roomTypeId: number
  typeName: string
  /**
   * empty, full (a guest in house, or set by hand on a room used outside the system), or notFull: a room or
   * dormitory sold by bed (room type `soldByBed`) whose in-house guests leave beds free. A room sold whole is full
   * with one guest. The `full` counter counts every occupied room (full and not full).
   */
  occupancy: Occupancy
  dirty: boolean
  locked: boolean
  maintain: boolean
  /** Why the room is locked / under maintenance ('' when the flag is off). */
  lockReason: string
  maintainReason: string
  /** The stay in house (checked in), if any. */
  stay: TileStay | null
  /** The reservation due to arrive in this room today (assigned, not checked in yet), if any. */
  arrival: TileArrival | null
}

/** What a desk needs to know of the guest in a room at a glance. */
export interface TileStay {
  orderId: number
  orderRoomId: number
  orderNo: string
  /** The main guest, or the order's contact while no guest is registered. */
  guestName: string
  /** Nights booked (an hourly stay counts one). */
  nights: number
  /** Sold by the hour: the tile shows until when (endTime), not nights. */
  hourly: boolean
  /**
   * Folio balance of the order, cents: positive is owed by the guest, negative is held (a deposit). An order has one
   * folio, so only the tile of its main account (or, while that room is not in house, of its first room in house)
   * carries it; the order's other rooms show 0, and a 3-room group owing 300 reads 300 once, not 900.
   */
  balanceCents: number
  /** Planned departure, 'YYYY-MM-DD hh:mm:ss' local time. */
  endTime: string
  /** Departure falls today. */
  dueOut: boolean
  /** Departure has passed and the guest is still in house. */
  overdue: boolean
}

export interface TileArrival {
  orderId: number
  orderRoomId: number
  orderNo: string
  contactName: string
  contactPhone: string
  /** Planned arrival, 'YYYY-MM-DD hh:mm:ss' local time. */
  startTime: string
}

/** The day's figures the chart's legend and the home page show beside the state counts. */
export interface TodayCounts {
  /** Rooms with a reservation arriving today. */
  arriving: number
  /** In-house stays due out today (overdue ones included). */
  dueOut: number
  /** In-house stays past their departure. */
  overdue: number
  /** Rooms with a guest in house. */
  inHouse: number
}

export interface RoomStatusFloor {
  floorId: number
  floorNo: number
  floorName: string
  rooms: RoomStatusTile[]
}

export interface RoomStatusBuilding {
  buildingId: number
  buildingName: string
  floors: RoomStatusFloor[]
}

/** GET /pms/pmsRoom/statusChart (query roomTypeId?, state?): buildings in order, floors by number, rooms by number. */
export interface RoomStatusChart {
  total: number
  /**
   * Per state, over every room of the type filter (the state filter does not narrow the counts). `full` counts
   * every occupied room, not full ones included; `notFull` is the part of them with beds left.
   */
  counts: Record<RoomState, number>
  /** Today's arrivals, departures and in-house rooms over the same rooms. */
  today: TodayCounts
  buildings: RoomStatusBuilding[]
  /**
   * When the chart next changes by time alone (ISO instant): a stay turning overdue, an arrival's booking ending. The
   * console asks again then; absent when no such instant is ahead.
   */
  changesAt?: string
}

/**
 * PUT /pms/pmsRoom/state body; the answer lists the rooms that actually changed. Occupancy (empty, full, notFull)
 * cannot be changed by hand on a room with a guest in house (409); setting locked or maintain needs a `reason`.
 */
export interface RoomStateChangeBody {
  roomIds: number[]
  state: RoomState
  /** true sets the state, false cancels it. */
  value: boolean
  /** Why the room is locked or under maintenance: required when setting either, at most 200 characters. */
  reason?: string
  /**
   * Setting locked or maintain only: the room is closed long term (needs ROOM_LONG_TERM_PERMISSION). The mark stays
   * while the room is out of order and is cleared when it returns to service.
   */
  longTerm?: boolean
}

/** `recordBody` of a `roomStatus` push record (JSON): the rooms that changed and how. */
export type RoomStatusPush = RoomStateChangeBody

/** Occupancy follows the stays: states a tile with a guest in house never offers by hand. */
export const followsStay = (state: RoomState): state is Occupancy =>
  (OCCUPANCIES as readonly string[]).includes(state)
