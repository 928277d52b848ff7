/**
 * Room states of SPEC §4. Occupancy is one of empty, full (occupied) or notFull (some beds of a shared room taken);
 * it is kept by the front desk. Dirty, locked and maintain are independent flags a room carries beside its
 * occupancy: each can be set and cancelled. Setting an occupancy replaces the current one; cancelling full or
 * notFull returns the room to empty; empty itself cannot be cancelled.
 */
import { OCCUPANCIES, type Occupancy, RoomState } from '@pms/protocol/api/room-status'
import { badRequest } from '../http/errors.ts'

// The states themselves are the chart's contract; the server re-exports them for its own modules.
export { OCCUPANCIES, type Occupancy, RoomState }

/** The column values a state change writes, given a room's current occupancy (null: leave it as it is). */
export function stateChange(
  state: RoomState,
  value: boolean,
  occupancy: Occupancy,
): { occupancy?: Occupancy; dirty?: boolean; locked?: boolean; maintain?: boolean } | null {
  switch (state) {
    case RoomState.dirty:
      return { dirty: value }
    case RoomState.locked:
      return { locked: value }
    case RoomState.maintain:
      return { maintain: value }
    case RoomState.empty:
      if (!value) throw badRequest('roomStock.state.cannotCancelEmpty')
      return { occupancy: RoomState.empty }
    case RoomState.full:
    case RoomState.notFull:
      if (value) return { occupancy: state }
      return occupancy === state ? { occupancy: RoomState.empty } : null
    default: {
      const never: never = state
      return never
    }
  }
}
