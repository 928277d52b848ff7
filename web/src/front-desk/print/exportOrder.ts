// Downloading an order's spreadsheet (POST /orderSystem/ordSysOrder/export/{orderId}, xlsx) where the clerk is: the
// order detail's export button saves the file in place, without leaving the console.
import { download } from '../../api/download.ts'

/** The spreadsheet's name: the order and a timestamp (SPEC §9 exports are named with a timestamp). */
export function exportFileName(orderId: number, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
  return `order_${orderId}_${stamp}.xlsx`
}

/** Saves the order's spreadsheet; true when the file was saved (a failure is shown by the download layer). */
export function exportOrder(orderId: number, now = new Date()): Promise<boolean> {
  return download(`/orderSystem/ordSysOrder/export/${orderId}`, {}, exportFileName(orderId, now))
}
