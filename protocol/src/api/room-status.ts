// The room status chart's contract (SPEC §2.9, §4): GET /pms/pmsRoom/statusChart, PUT /pms/pmsRoom/state and the
// body of the `roomStatus` push record the PUT publishes on <prefix>/push_record/{propertyId}.

/** Setting and cancelling room states on the chart; reading it takes pms:pmsRoom:list. */
export const ROOM_STATE_PERMISSION = 'pms:pmsRoom:state'

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
  occupancy: Occupancy
  dirty: boolean
  locked: boolean
  maintain: boolean
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
  /** Per state, over every room of the type filter (the state filter does not narrow the counts). */
  counts: Record<RoomState, number>
  buildings: RoomStatusBuilding[]
}

/** PUT /pms/pmsRoom/state body; the answer lists the rooms that actually changed. */
export interface RoomStateChangeBody {
  roomIds: number[]
  state: RoomState
  /** true sets the state, false cancels it. */
  value: boolean
}

/** `recordBody` of a `roomStatus` push record (JSON): the rooms that changed and how. */
export type RoomStatusPush = RoomStateChangeBody
