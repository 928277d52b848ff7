/**
 * Room states of SPEC §4. Occupancy is one of empty, full (occupied) or notFull (a room sold by bed with beds left,
 * see orders/guests.ts refreshOccupancy); dirty, locked and maintain are independent flags a room carries beside its
 * occupancy: each can be set and cancelled.
 *
 * Occupancy follows the stays: check-in, guests, change room and check-out write it. By hand it can be changed only
 * on a room without a guest in house (a room used outside the system): setting an occupancy replaces the current
 * one, cancelling full or notFull returns the room to empty, empty itself cannot be cancelled. A room with an
 * in-house stay refuses every occupancy change (409), so the tile never loses the stay behind it.
 *
 * Locking a room or putting it under maintenance needs a reason, kept on the room until the flag is cancelled.
 */
import { OCCUPANCIES, type Occupancy, RoomState } from '@pms/protocol/api/room-status'
import { badRequest, conflict } from '../http/errors.ts'

// The states themselves are the chart's contract; the server re-exports them for its own modules.
export { OCCUPANCIES, type Occupancy, RoomState }

export interface RoomStateColumns {
  occupancy?: Occupancy
  dirty?: boolean
  locked?: boolean
  maintain?: boolean
  lockReason?: string
  maintainReason?: string
}

/** The room a change is asked for: its number (for messages), occupancy and whether a stay is in house. */
export interface RoomNow {
  roomNo: string
  occupancy: Occupancy
  inHouse: boolean
}

/** A reason is asked for these flags when they are set. */
export const needsReason = (state: RoomState, value: boolean) =>
  value && (state === RoomState.locked || state === RoomState.maintain)

/** Occupancy changes depend on whether a stay is in house (RoomNow.inHouse); the flags do not. */
export const followsStays = (state: RoomState) => (OCCUPANCIES as readonly string[]).includes(state)

/** Cancelling one of these may bring the room back in service (and so end a long-term closure). */
export const outOfService = (state: RoomState) => state === RoomState.locked || state === RoomState.maintain

/** The column values a state change writes (null: leave the room as it is); refuses what the rules forbid. */
export function stateChange(
  state: RoomState,
  value: boolean,
  current: RoomNow,
  reason = '',
): RoomStateColumns | null {
  switch (state) {
    case RoomState.dirty:
      return { dirty: value }
    case RoomState.locked:
      return { locked: value, lockReason: value ? reason : '' }
    case RoomState.maintain:
      return { maintain: value, maintainReason: value ? reason : '' }
    case RoomState.empty:
    case RoomState.full:
    case RoomState.notFull:
      if (current.inHouse) throw conflict('deskChart.state.followsStay', [current.roomNo])
      if (state === RoomState.empty && !value) throw badRequest('roomStock.state.cannotCancelEmpty')
      if (value) return { occupancy: state }
      return current.occupancy === state ? { occupancy: RoomState.empty } : null
    default: {
      const never: never = state
      return never
    }
  }
}
