// Server calls of the room status chart (SPEC §7): the chart of the current property and setting/cancelling a state.
import type { Result } from '@pms/protocol'
import type { RoomStateChangeBody, RoomStatusChart } from '@pms/protocol/api/room-status'
import { http } from '../api/request.ts'

export const roomStatusApi = {
  chart: () => http.get<Result<RoomStatusChart>>('/pms/pmsRoom/statusChart'),
  /** Answers the rooms that actually changed. */
  changeState: (body: RoomStateChangeBody) =>
    http.put<Result<{ roomIds: number[] }>>('/pms/pmsRoom/state', body),
}
