// Small pieces the front-desk screens share: query-string ids, state badge colours, the order loader, paths.
import type { OrderDetail, OrderState, ReserveState } from '@pms/protocol/api/orders'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { orderApi } from './api.ts'

/** Paths of the front-desk screens (menu entries of server/src/orders/menus.ts; /reserve is a console route). */
export const DeskPath = {
  reserve: '/reserve',
  orders: '/frontDesk/pmsOrder',
  detail: (orderId: number, tab?: string) =>
    `/frontDesk/pmsOrder/detail?orderId=${orderId}${tab ? `&tab=${tab}` : ''}`,
  checkIn: (orderId: number, orderRoomId?: number) =>
    `/frontDesk/pmsOrder/checkIn?orderId=${orderId}${orderRoomId ? `&orderRoomId=${orderRoomId}` : ''}`,
  walkIn: (roomId: number) => `/frontDesk/pmsOrder/checkIn?roomId=${roomId}`,
  checkOut: (orderId: number) => `/frontDesk/pmsOrder/checkOut?orderId=${orderId}`,
  print: (orderId: number) => `/pmsOrder/print?orderId=${orderId}`,
  export: (orderId: number) => `/orderSystem/ordSysOrder/export/${orderId}`,
} as const

/** A positive integer from the query string, or undefined. */
export function useQueryId(name: string): number | undefined {
  const search = useSearch()
  const value = new URLSearchParams(search).get(name)
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined
}

/**
 * One-shot instructions in the query string (open the booking dialog for this room, open a charge for that stay):
 * handed to `act` once, then removed from the address, so that neither the visited-page tab nor a reload repeats
 * them. Values are positive integer ids; anything else counts as absent.
 */
export function useQueryAction(
  names: readonly string[],
  act: (ids: Record<string, number | undefined>) => void,
) {
  const search = useSearch()
  const [path, navigate] = useLocation()
  const latest = useRef(act)
  latest.current = act
  const key = names.join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `names`; `act` is read through a ref
  useEffect(() => {
    const query = new URLSearchParams(search)
    const present = names.filter((n) => query.has(n))
    if (present.length === 0) return
    const ids: Record<string, number | undefined> = {}
    for (const n of present) {
      const value = query.get(n)!
      ids[n] = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined
      query.delete(n)
    }
    latest.current(ids)
    const rest = query.toString()
    navigate(rest ? `${path}?${rest}` : path, { replace: true })
  }, [search, path, navigate, key])
}

export function useQueryText(name: string): string | undefined {
  const search = useSearch()
  return new URLSearchParams(search).get(name) ?? undefined
}

export const ORDER_STATE_PALETTE: Record<OrderState, string> = {
  booking: 'blue',
  checkIn: 'green',
  checkOut: 'gray',
  cancel: 'red',
  noShow: 'orange',
  overdue: 'purple',
}
export const RESERVE_STATE_PALETTE: Record<ReserveState, string> = {
  reserving: 'blue',
  checkInPart: 'teal',
  checkInAll: 'green',
  toOrder: 'gray',
  canceled: 'red',
  noShow: 'orange',
}

/**
 * One order, loaded and reloadable; `missing` after a 404 ('Order Not Found'). `full` asks for the full phone and ID
 * numbers, for screens that edit them (the server masks them anyway for a user who may not); screens still show
 * them masked.
 */
export function useOrder(orderId: number | undefined, full = false) {
  const [order, setOrder] = useState<OrderDetail | null>(null)
  const [failed, setFailed] = useState(false)
  const reload = useCallback(async () => {
    if (!orderId) return null
    try {
      const res = await orderApi.get(orderId, undefined, full)
      setOrder(res.data ?? null)
      setFailed(false)
      return res.data ?? null
    } catch {
      setFailed(true)
      return null
    }
  }, [orderId, full])
  useEffect(() => {
    setOrder(null)
    void reload()
  }, [reload])
  return { order, failed, reload }
}
