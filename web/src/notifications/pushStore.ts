// Unread counts and live push-record events shared by the bell, the event page and the home page, and the live
// channel's breaks: records published while a console was not connected never reach it (the broker keeps no session
// for it), so whatever records keep current is read again when the channel is back (`onResume`).
import { useSyncExternalStore } from 'react'
import { pushApi, type UnreadCount } from '../api/system.ts'

let unread: UnreadCount = { ordersUnRead: 0, totalUnRead: 0 }
const listeners = new Set<() => void>()
const recordListeners = new Set<(record: unknown) => void>()
const resumeListeners = new Set<() => void>()
const roomListeners = new Set<() => void>()

export async function refreshUnread(): Promise<void> {
  const res = await pushApi.unreadCount().catch(() => null)
  if (!res?.data) return
  unread = res.data
  for (const l of listeners) l()
}

export function useUnread(): UnreadCount {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => unread,
  )
}

/** A record arrived over the live channel. */
export function publishRecord(record: unknown): void {
  void refreshUnread()
  for (const l of recordListeners) l(record)
}

export function onRecord(listener: (record: unknown) => void): () => void {
  recordListeners.add(listener)
  return () => recordListeners.delete(listener)
}

/**
 * The property's room status chart changed on the server (a stay, a payment, a room's state, by any desk: protocol
 * RoomChartMessage). Nothing is stored or counted in the bell; views drawn from the stays read themselves again.
 */
export function publishRoomsChanged(): void {
  for (const l of roomListeners) l()
}

/** Calls `listener` each time the current property's rooms or stays changed; returns the unsubscribe. */
export function onRoomsChanged(listener: () => void): () => void {
  roomListeners.add(listener)
  return () => roomListeners.delete(listener)
}

/**
 * The live channel holds its subscriptions again after a break (a dropped network, a restarted bridge or server): the
 * unread counts and every view kept current by records are read again.
 */
export function publishResume(): void {
  void refreshUnread()
  for (const l of resumeListeners) l()
}

/** Calls `listener` after each break of the live channel, once it is subscribed again; returns the unsubscribe. */
export function onResume(listener: () => void): () => void {
  resumeListeners.add(listener)
  return () => resumeListeners.delete(listener)
}

/**
 * For views that read again on any change: `reload` on every record heard and after every break of the channel, and,
 * for views drawn from the stays (`rooms`), each time the property's rooms or stays changed.
 */
export function reloadOnLive(reload: () => void, { rooms = false } = {}): () => void {
  const stops = [onRecord(() => reload()), onResume(reload), ...(rooms ? [onRoomsChanged(reload)] : [])]
  return () => {
    for (const stop of stops) stop()
  }
}
