// The front-desk actions a room tile of the status chart offers (SPEC §2.9): an empty room is checked in or
// reserved, an occupied one shows its order, takes a charge or is checked out, a dirty one is set clean.
import { hasPermission } from '@pms/protocol'
import { ROOM_STATE_PERMISSION, type RoomStatusTile } from '@pms/protocol/api/room-status'
import { DeskPermission } from '../orders/actions.ts'

export const TILE_DESK_ACTIONS = [
  'checkIn',
  'reserve',
  'details',
  'addCharge',
  'checkOut',
  'setClean',
] as const
export type TileDeskAction = (typeof TILE_DESK_ACTIONS)[number]

const PERMISSION: Record<TileDeskAction, string> = {
  checkIn: DeskPermission.checkIn,
  reserve: 'pms:pmsReserve:add',
  details: 'pms:pmsOrder:query',
  addCharge: DeskPermission.charge,
  checkOut: DeskPermission.checkOut,
  setClean: ROOM_STATE_PERMISSION,
}

export function tileDeskActions(
  tile: Pick<RoomStatusTile, 'occupancy' | 'dirty' | 'locked' | 'maintain'>,
  permissions: readonly string[],
): TileDeskAction[] {
  const out: TileDeskAction[] = []
  const inService = !tile.locked && !tile.maintain
  if (tile.occupancy === 'empty' && inService) out.push('checkIn', 'reserve')
  if (tile.occupancy !== 'empty') out.push('details', 'addCharge', 'checkOut')
  if (tile.dirty) out.push('setClean')
  return out.filter((a) => hasPermission({ permissions }, [PERMISSION[a]]))
}
