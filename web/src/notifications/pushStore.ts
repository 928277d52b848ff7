// Unread counts and live push-record events shared by the bell, the event page and the home page.
import { useSyncExternalStore } from 'react'
import { pushApi, type UnreadCount } from '../api/system.ts'

let unread: UnreadCount = { ordersUnRead: 0, totalUnRead: 0 }
const listeners = new Set<() => void>()
const recordListeners = new Set<(record: unknown) => void>()

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
