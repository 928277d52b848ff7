// A shop order as one worksheet (xlsx): the order's fields, its lines and the total, named with the time of the export
// on its property's clock. Prices and amounts are numbers in the money format.

import type { ShopOrder } from '@pms/protocol/api/shop'
import { addSheetRow, moneyCell } from '@pms/protocol/format/sheet-cell'
import { fileStamp } from '@pms/protocol/time/zone'
import type { FastifyRequest } from 'fastify'
import { localize, requestLanguage } from '../http/language.ts'

export async function exportShopOrderWorkbook(
  order: ShopOrder,
  request: FastifyRequest,
  timeZone: string,
  now = new Date(),
): Promise<{ name: string; buffer: Buffer }> {
  const lang = requestLanguage(request)
  const t = (key: string) => localize(lang, key)
  // Loaded on the first export, not at start (ExcelJS is heavy).
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  book.created = now
  const sheet = book.addWorksheet(t('shop.export.sheet'))
  sheet.columns = [{ width: 24 }, { width: 36 }, { width: 14 }, { width: 10 }, { width: 16 }]
  const bold = (cells: string[]) => {
    sheet.addRow(cells).font = { bold: true }
  }
  bold([`${order.propertyName} · ${t('shop.export.title')}`])
  for (const [key, value] of [
    ['shop.field.orderNo', order.orderNo],
    ['shop.field.state', t(`shop.state.${order.state}`)],
    ['shop.field.createTime', order.createTime],
    ['shop.field.consignee', order.consignee],
    ['shop.field.phone', order.phone],
    ['shop.field.address', order.address],
    ['shop.field.remark', order.remark],
    ['shop.field.carrier', order.carrier],
    ['shop.field.trackingNo', order.trackingNo],
  ] as const)
    sheet.addRow([t(key), value])
  sheet.addRow([])
  bold(
    ['shop.field.kind', 'shop.field.name', 'shop.field.price', 'shop.field.num', 'shop.field.amount'].map(t),
  )
  for (const l of order.lines ?? [])
    addSheetRow(sheet, [
      t(l.isPackage ? 'shop.kind.package' : 'shop.kind.product'),
      l.name,
      moneyCell(l.unitPriceCents),
      l.num,
      moneyCell(l.amountCents),
    ])
  sheet.addRow([])
  addSheetRow(sheet, [t('shop.field.total'), '', '', order.itemCount, moneyCell(order.totalCents)]).font = {
    bold: true,
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer())
  return { name: `shop_order_${order.orderNo}_${fileStamp(now, timeZone)}.xlsx`, buffer }
}
