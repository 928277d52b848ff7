// The status chart's pure rules: counting, filtering, the actions a tile offers, and applying a state change
// (the desk's own or one heard live) without touching the tiles it does not concern.
import {
  OCCUPANCIES,
  type Occupancy,
  ROOM_FLAGS,
  type RoomFlag,
  RoomState,
  type RoomStatusBuilding,
  type RoomStatusChart,
  type RoomStatusPush,
  type RoomStatusTile,
} from '@pms/protocol/api/room-status'

export const ROOM_STATES = Object.values(RoomState)

const isFlag = (state: RoomState): state is RoomFlag => (ROOM_FLAGS as readonly string[]).includes(state)
const isOccupancy = (state: RoomState): state is Occupancy =>
  (OCCUPANCIES as readonly string[]).includes(state)

/** `full` is every occupied room, not-full ones included (the server counts the same way). */
export function hasState(tile: RoomStatusTile, state: RoomState): boolean {
  if (isFlag(state)) return tile[state]
  if (state === RoomState.full) return tile.occupancy !== RoomState.empty
  return tile.occupancy === state
}

export function countStates(tiles: Iterable<RoomStatusTile>): Record<RoomState, number> {
  const counts = Object.fromEntries(ROOM_STATES.map((s) => [s, 0])) as Record<RoomState, number>
  for (const tile of tiles) for (const s of ROOM_STATES) if (hasState(tile, s)) counts[s]++
  return counts
}

export function* tilesOf(buildings: readonly RoomStatusBuilding[]): Generator<RoomStatusTile> {
  for (const b of buildings) for (const f of b.floors) yield* f.rooms
}

export interface ChartFilter {
  roomTypeId?: number
  state?: RoomState
}

export interface FilteredChart {
  /** Only the buildings and floors that keep a room. */
  buildings: RoomStatusBuilding[]
  /** Per state over the rooms of the type filter, so every count stays visible while a state is picked. */
  counts: Record<RoomState, number>
  /** Rooms of the type filter. */
  total: number
  /** Rooms shown (both filters). */
  shown: number
}

/** Narrows the chart; floors and tiles that pass keep their identity, so memoised tiles do not render again. */
export function filterChart(buildings: readonly RoomStatusBuilding[], filter: ChartFilter): FilteredChart {
  const ofType = (t: RoomStatusTile) => !filter.roomTypeId || t.roomTypeId === filter.roomTypeId
  const shownTile = (t: RoomStatusTile) => ofType(t) && (!filter.state || hasState(t, filter.state))
  const counts = countStates([...tilesOf(buildings)].filter(ofType))
  const out: RoomStatusBuilding[] = []
  let shown = 0
  for (const b of buildings) {
    const floors = []
    for (const f of b.floors) {
      const rooms = f.rooms.filter(shownTile)
      if (!rooms.length) continue
      shown += rooms.length
      floors.push(rooms.length === f.rooms.length ? f : { ...f, rooms })
    }
    if (!floors.length) continue
    const same = floors.length === b.floors.length && floors.every((f, i) => f === b.floors[i])
    out.push(same ? b : { ...b, floors })
  }
  return { buildings: out, counts, total: counts.empty + counts.full, shown }
}

export interface RoomTypeOption {
  roomTypeId: number
  typeName: string
  rooms: number
}

/** The room types present on the chart, in the order they first appear. */
export function roomTypesOf(buildings: readonly RoomStatusBuilding[]): RoomTypeOption[] {
  const byId = new Map<number, RoomTypeOption>()
  for (const t of tilesOf(buildings)) {
    const seen = byId.get(t.roomTypeId)
    if (seen) seen.rooms++
    else byId.set(t.roomTypeId, { roomTypeId: t.roomTypeId, typeName: t.typeName, rooms: 1 })
  }
  return [...byId.values()]
}

export interface TileAction {
  state: RoomState
  /** true sets the state, false cancels it. */
  value: boolean
  /** Locking or maintenance only: the room is closed long term (the USALI availability rule deducts only these). */
  longTerm?: boolean
}

/**
 * What a tile's menu offers (SPEC §4, server rules in room-states.ts): occupancy follows the stays, so a room with a
 * guest in house offers none by hand; otherwise any other occupancy can be set and the current one cancelled unless
 * it is empty. Each flag is set when off and cancelled when on; with `longTerm` (the user may mark long-term closures)
 * locking and maintenance are also offered as a long-term closure.
 */
export function tileActions(tile: RoomStatusTile, longTerm = false): TileAction[] {
  const actions: TileAction[] = []
  if (!tile.stay) {
    for (const occupancy of OCCUPANCIES)
      if (occupancy !== tile.occupancy) actions.push({ state: occupancy, value: true })
    if (tile.occupancy !== RoomState.empty) actions.push({ state: tile.occupancy, value: false })
  }
  for (const flag of ROOM_FLAGS) {
    actions.push({ state: flag, value: !tile[flag] })
    if (longTerm && !tile[flag] && (flag === RoomState.locked || flag === RoomState.maintain))
      actions.push({ state: flag, value: true, longTerm: true })
  }
  return actions
}

/** Housekeeping flags are changed only after the clerk confirms; locking and maintenance also ask why. */
export const needsConfirm = (action: TileAction) => isFlag(action.state)
export const needsReason = (action: TileAction) =>
  action.value && (action.state === RoomState.locked || action.state === RoomState.maintain)

const REASON = { locked: 'lockReason', maintain: 'maintainReason' } as const

/** A tile after a change the server made: cancelling an occupancy returned the room to empty. */
export function changedTile(
  tile: RoomStatusTile,
  state: RoomState,
  value: boolean,
  reason = '',
): RoomStatusTile {
  if (isFlag(state)) {
    const why = state === RoomState.dirty ? {} : { [REASON[state]]: value ? reason : '' }
    const same = tile[state] === value && Object.entries(why).every(([k, v]) => tile[k as 'lockReason'] === v)
    return same ? tile : { ...tile, [state]: value, ...why }
  }
  if (!isOccupancy(state)) return tile
  const occupancy = value ? state : RoomState.empty
  return tile.occupancy === occupancy ? tile : { ...tile, occupancy }
}

/**
 * Applies a change to the listed rooms. Idempotent, so a change heard twice (the desk's own answer and its push
 * record) or heard again after a reload does no harm. Untouched buildings and floors keep their identity.
 */
export function applyChange(chart: RoomStatusChart, change: RoomStatusPush): RoomStatusChart {
  const ids = new Set(change.roomIds)
  let touched = false
  const buildings = chart.buildings.map((b) => {
    let floorTouched = false
    const floors = b.floors.map((f) => {
      if (!f.rooms.some((r) => ids.has(r.roomId))) return f
      const rooms = f.rooms.map((r) =>
        ids.has(r.roomId) ? changedTile(r, change.state, change.value, change.reason) : r,
      )
      if (rooms.every((r, i) => r === f.rooms[i])) return f
      floorTouched = true
      return { ...f, rooms }
    })
    if (!floorTouched) return b
    touched = true
    return { ...b, floors }
  })
  if (!touched) return chart
  return { ...chart, buildings, counts: countStates(tilesOf(buildings)) }
}

/** Reads a `roomStatus` push record heard on the live channel; anything else (or a malformed body) is null. */
export function roomStatusChangeOf(record: unknown): RoomStatusPush | null {
  if (!record || typeof record !== 'object') return null
  const { recordType, recordBody } = record as { recordType?: unknown; recordBody?: unknown }
  if (recordType !== 'roomStatus' || typeof recordBody !== 'string') return null
  let body: unknown
  try {
    body = JSON.parse(recordBody)
  } catch {
    return null
  }
  const { roomIds, state, value, reason } = (body ?? {}) as Record<string, unknown>
  if (
    !Array.isArray(roomIds) ||
    !roomIds.every((id) => Number.isInteger(id)) ||
    !ROOM_STATES.includes(state as RoomState) ||
    typeof value !== 'boolean'
  )
    return null
  return {
    roomIds: roomIds as number[],
    state: state as RoomState,
    value,
    ...(typeof reason === 'string' ? { reason } : {}),
  }
}
