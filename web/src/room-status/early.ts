// The chart's first request, asked by the router beside the chart screen's code while a first load's session is
// still arriving (screens/data.ts), instead of once the layout and the screen have drawn; the chart takes it when it
// mounts, with the changes heard since it was asked laid over the answer.
import type { Result } from '@pms/protocol'
import type { RoomStatusChart, RoomStatusPush } from '@pms/protocol/api/room-status'
import { roomStatusApi } from './api.ts'
import { onRoomStatus } from './live.ts'

/** An early answer older than this is not taken (the screen was left before it drew; the chart asks afresh). */
const FRESH_MS = 10_000

interface Early {
  answer: Promise<Result<RoomStatusChart>>
  heard: RoomStatusPush[]
  askedAt: number
  stop: () => void
}

let early: Early | null = null

export function askChartEarly(): void {
  early?.stop()
  const heard: RoomStatusPush[] = []
  const answer = roomStatusApi.chart()
  answer.catch(() => {}) // its failure is the chart's to handle once taken (the request layer has shown it)
  early = { answer, heard, askedAt: Date.now(), stop: onRoomStatus((change) => heard.push(change)) }
}

/** The early request, once, while it is fresh; `heard` keeps filling until the answer is read. */
export function takeEarlyChart(): Pick<Early, 'answer' | 'heard'> | null {
  const taken = early
  early = null
  if (!taken) return null
  void taken.answer.finally(taken.stop).catch(() => {})
  return Date.now() - taken.askedAt < FRESH_MS ? taken : null
}
