// The stay a guest card is issued for: the room's in-house stay, else its booking, read from the orders (a guest card
// belongs to a stay; the server takes the guest and the validity from it).
import type { OrderSummary } from '@pms/protocol/api/orders'
import useSWR from 'swr'
import { orderApi } from '../front-desk/api.ts'

export interface RoomStay {
  orderRoomId: number
  orderNo: string
  guestName: string
  start: string
  end: string
}

async function findStay(roomNo: string): Promise<RoomStay | null> {
  for (const state of ['checkIn', 'overdue', 'booking'] as const) {
    const rows: OrderSummary[] = (
      await orderApi.list({ roomNo, state, pageNum: 1, pageSize: 10 }, { quiet: true })
    ).rows
    for (const summary of rows) {
      const detail = (await orderApi.get(summary.orderId, { quiet: true })).data
      const room = detail?.rooms.find(
        (r) => r.roomNo === roomNo && (r.state === 'checkIn' || r.state === 'booking'),
      )
      if (detail && room)
        return {
          orderRoomId: room.orderRoomId,
          orderNo: detail.orderNo,
          guestName: room.guests.find((g) => g.main)?.name ?? room.guests[0]?.name ?? '',
          start: room.startTime,
          end: room.endTime,
        }
    }
  }
  return null
}

/** undefined while loading or without a room; null when the room has no stay. */
export function useRoomStay(roomNo: string | undefined): RoomStay | null | undefined {
  const { data } = useSWR(roomNo ? ['card-room-stay', roomNo] : null, () => findStay(roomNo!), {
    revalidateOnFocus: false,
  })
  return data
}
