// Scanning BLE locks through the bridge and asking each for its status (battery, bound room).
import { useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import type { Translate } from '../i18n/translate.ts'
import type { LockRow } from './sheets.ts'

export const SCAN_MS = 3000

export function useLocks(t: Translate) {
  const [locks, setLocks] = useState<LockRow[]>([])
  const [scanning, setScanning] = useState(false)
  const scan = async () => {
    setScanning(true)
    try {
      const found = await bridgeApi.bleScan(SCAN_MS)
      const rows: LockRow[] = found.locks.map((l) => ({
        mac: l.mac,
        name: l.name ?? '',
        rssi: l.rssi,
        roomNo: l.roomNo ?? '',
        battery: undefined,
      }))
      setLocks(rows)
      // One lock at a time: the bridge queues BLE operations per adapter anyway.
      for (const row of rows) {
        try {
          const status = await bridgeApi.bleStatus(row.mac)
          setLocks((current) =>
            current.map((l) => (l.mac === row.mac ? { ...l, battery: status.battery } : l)),
          )
        } catch {
          // A lock that does not answer keeps an empty battery cell.
        }
      }
    } catch (error) {
      feedback.toast('error', bridgeErrorText(error, t))
    } finally {
      setScanning(false)
    }
  }
  return { locks, scanning, scan }
}
