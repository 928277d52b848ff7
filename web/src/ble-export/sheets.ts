// The BLE lock export's sheets as plain rows: header keys and cell values, the same rows the page's tables show.
import { type CardType, cardTypeName, type RefusalReason, refusalReasonKey } from '@pms/protocol'
import type { LockRecord } from '@pms/protocol/ble/lock-commands'
import type { SheetCell } from '@pms/protocol/format/sheet-cell'
import type { Translate } from '../i18n/translate.ts'
import { formatDateTime } from '../ui/format.ts'

/** One scanned lock with what its status adds (undefined when the lock did not answer). */
export interface LockRow {
  mac: string
  name: string
  rssi: number | undefined
  roomNo: string
  battery: number | undefined
}

export interface Sheet {
  name: string
  header: string[]
  /** Money as money cells (written as numbers), the rest as text or numbers. */
  rows: SheetCell[][]
}

export const LOCK_COLUMNS = ['mac', 'name', 'battery', 'rssi', 'room'] as const
export const RECORD_COLUMNS = ['time', 'source', 'outcome', 'cardType', 'cardNo', 'sequence'] as const

/** Unix seconds as 'YYYY-MM-DD HH:mm:ss' on the hotel's clock (ui/format.ts). */
export const lockTime = (seconds: number): string => formatDateTime(seconds * 1000)

export function lockSheet(locks: readonly LockRow[], t: Translate): Sheet {
  return {
    name: t('cardConsole.ble.sheetLocks'),
    header: LOCK_COLUMNS.map((c) => t(`cardConsole.ble.col.${c}`)),
    rows: locks.map((l) => [l.mac, l.name, l.battery ?? '', l.rssi ?? '', l.roomNo]),
  }
}

export function outcomeText(outcome: LockRecord['outcome'], t: Translate): string {
  return outcome === 'accept' ? t('cardConsole.ble.accepted') : t(refusalReasonKey(outcome as RefusalReason))
}

export function cardTypeText(value: CardType, t: Translate): string {
  const name = cardTypeName(value)
  return name ? t(`cardConsole.type.${name}`) : String(value)
}

export function recordSheet(mac: string, records: readonly LockRecord[], t: Translate): Sheet {
  return {
    name: mac,
    header: RECORD_COLUMNS.map((c) => t(`cardConsole.ble.col.${c}`)),
    rows: records.map((r) => [
      lockTime(r.time),
      t(`cardConsole.ble.source.${r.source}`),
      outcomeText(r.outcome, t),
      cardTypeText(r.cardType, t),
      r.cardNo,
      r.issueSequence,
    ]),
  }
}
