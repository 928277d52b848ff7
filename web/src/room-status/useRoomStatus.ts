// The chart of the current property, kept current by the desk's own changes and by the ones heard live.
import type { RoomStatusChart, RoomStatusPush } from '@pms/protocol/api/room-status'
import { useCallback, useEffect, useRef, useState } from 'react'
import { onRecord, onResume, onRoomsChanged } from '../notifications/pushStore.ts'
import { closesBusinessDay } from '../notifications/recordTypes.ts'
import { coalesced } from '../ui/coalesced.ts'
import { useTimedReload } from '../ui/useTimedReload.ts'
import { roomStatusApi } from './api.ts'
import { applyChange } from './chart.ts'
import { takeEarlyChart } from './early.ts'
import { onRoomStatus } from './live.ts'

export interface RoomStatusState {
  chart: RoomStatusChart | null
  loading: boolean
  reload: () => Promise<void>
  /** Applies a change the server confirmed (idempotent: its push record may arrive too). */
  apply: (change: RoomStatusPush) => void
}

export function useRoomStatus(propertyId: number): RoomStatusState {
  const [chart, setChart] = useState<RoomStatusChart | null>(null)
  const [loading, setLoading] = useState(false)
  /** Completed reads: each schedules the next one the clock asks for (useTimedReload). */
  const [loads, setLoads] = useState(0)
  // Changes heard while a load is in flight: the answer may predate them, so they are laid over it on arrival.
  const heardDuringLoad = useRef<RoomStatusPush[] | null>(null)
  const loadSeq = useRef(0)

  const apply = useCallback((change: RoomStatusPush) => {
    heardDuringLoad.current?.push(change)
    setChart((current) => (current ? applyChange(current, change) : current))
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart is the current property's, reloaded on a switch
  const reload = useCallback(async () => {
    const seq = ++loadSeq.current
    heardDuringLoad.current = []
    setLoading(true)
    try {
      // The first load of a page takes the request the router asked early (room-status/early.ts) when there is one.
      const early = takeEarlyChart()
      const res = await (early?.answer ?? roomStatusApi.chart())
      if (seq !== loadSeq.current || !res.data) return
      const heard = [...(early?.heard ?? []), ...heardDuringLoad.current]
      setChart(heard.reduce(applyChange, res.data))
      setLoads((n) => n + 1)
    } catch {
      // The request layer has shown the server's message.
    } finally {
      if (seq === loadSeq.current) {
        heardDuringLoad.current = null
        setLoading(false)
      }
    }
  }, [propertyId])

  useEffect(() => {
    void reload()
  }, [reload])
  useEffect(() => onRoomStatus(apply), [apply])
  // Any desk's check-in, check-out, room change, payment or booking for today: the chart is read again (answered 304
  // when nothing it shows changed), one read at a time however many changes come.
  useEffect(() => onRoomsChanged(coalesced(reload)), [reload])
  // Changes made while the live channel was down were never heard: the chart is read again (answered 304 when none).
  useEffect(() => onResume(() => void reload()), [reload])
  // A night audit moved the business date: today's arrivals, departures and overdue stays are another day's.
  useEffect(() => onRecord((record) => closesBusinessDay(record) && void reload()), [reload])
  // A stay turning overdue, an arrival's booking ending: the chart says when, and is read again then.
  useTimedReload(chart?.changesAt, loads, reload)

  return { chart, loading, reload, apply }
}
