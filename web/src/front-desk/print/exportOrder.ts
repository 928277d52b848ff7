// Downloading an order's spreadsheet (POST /orderSystem/ordSysOrder/export/{orderId}, xlsx) where the clerk is: the
// order detail's export button saves the file in place, without leaving the console.
import { download } from '../../api/download.ts'
import { exportFileName } from '../../ui/format.ts'

/** Saves the order's spreadsheet; true when the file was saved (a failure is shown by the download layer). */
export function exportOrder(orderId: number, now = new Date()): Promise<boolean> {
  return download(`/orderSystem/ordSysOrder/export/${orderId}`, {}, exportFileName(`order_${orderId}`, now))
}
