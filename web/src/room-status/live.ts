// Room state changes heard on the console's live channel: the `roomStatus` push records of the current property.
import type { RoomStatusPush } from '@pms/protocol/api/room-status'
import { onRecord } from '../notifications/pushStore.ts'
import { roomStatusChangeOf } from './chart.ts'

/** Calls `listener` for every room state change another desk (or this one) makes; returns the unsubscribe. */
export function onRoomStatus(listener: (change: RoomStatusPush) => void): () => void {
  return onRecord((record) => {
    const change = roomStatusChangeOf(record)
    if (change) listener(change)
  })
}
