// An order laid out for the /pmsOrder/print page and for its spreadsheet export: the order, its rooms and guests,
// the folio lines and totals. The spreadsheet is built here with ExcelJS, in the request's language, amounts as numbers.
import type { OrderPrint, OrderPrintRoom, ReceiptView } from '@pms/protocol/api/billing'
import { hasReceipt, itemLabel, type PaymentMethod } from '@pms/protocol/billing/index'
import { maskIdNumber, maskPhone } from '@pms/protocol/format/mask'
import { addSheetRow, moneyCell } from '@pms/protocol/format/sheet-cell'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import {
  dictData,
  folioEntry,
  order,
  orderGuest,
  orderRoom,
  property,
  room,
  roomType,
  user,
} from '../db/schema/index.ts'
import { notFound } from '../http/errors.ts'
import { loadExcel } from '../http/excel.ts'
import { localize, requestLanguage } from '../http/language.ts'
import { formatTime } from '../notifications/push.ts'
import { propertyTimeZone } from '../properties/clock.ts'
import { findOrder, readFolio } from './folio.ts'

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)))

/**
 * The receipt of a deposit or payment of the property (404 for another property's entry, or for an entry that is
 * no money received). The guest is the main guest of the entry's room, else the order's first main guest, else the
 * order's contact.
 */
export async function receiptOf(
  db: Db,
  propertyId: number,
  entryId: number,
  now: Date,
): Promise<ReceiptView> {
  const [row] = await db
    .select({ e: folioEntry, o: order, p: property, roomNo: room.roomNo, by: user.userName })
    .from(folioEntry)
    .innerJoin(order, eq(order.orderId, folioEntry.orderId))
    .innerJoin(property, eq(property.propertyId, folioEntry.propertyId))
    // The room the guest was in when the money was taken (recorded on the entry), not the stay's room now.
    .leftJoin(room, eq(room.roomId, folioEntry.roomId))
    .leftJoin(user, eq(user.userId, folioEntry.createBy))
    .where(and(eq(folioEntry.entryId, entryId), eq(folioEntry.propertyId, propertyId)))
  const receiptNo = row?.e.receiptNo
  const receiptType = row?.e.receiptType
  if (!row || !hasReceipt(row.e.kind as 'deposit') || !receiptNo || !receiptType)
    throw notFound('billing.entity.receipt')
  const { e, o, p } = row
  const timeZone = await propertyTimeZone(db, propertyId)
  const guests = await db
    .select({ name: orderGuest.name, phone: orderGuest.phone, orderRoomId: orderGuest.orderRoomId })
    .from(orderGuest)
    .where(and(eq(orderGuest.orderId, o.orderId), eq(orderGuest.main, true)))
    .orderBy(desc(sql`${orderGuest.orderRoomId} = ${e.orderRoomId ?? 0}`), asc(orderGuest.guestId))
  const guest = guests[0] ?? { name: o.contactName, phone: o.contactPhone }
  const [type] = await db
    .select({ label: dictData.dictLabel })
    .from(dictData)
    .where(and(eq(dictData.dictType, 'pms_receipt_type'), eq(dictData.dictValue, receiptType)))
  return {
    property: { propertyName: p.propertyName, address: p.address, contactPhone: p.contactPhone },
    order: { orderId: o.orderId, orderNo: o.orderNo },
    // Printed receipts show personal data masked (SPEC §5).
    guest: { name: guest.name, phone: maskPhone(guest.phone) },
    roomNo: row.roomNo,
    entryId: e.entryId,
    kind: e.kind as 'deposit' | 'payment',
    amountCents: e.amountCents,
    method: e.method as PaymentMethod,
    receiptNo,
    receiptType,
    receiptTypeLabel: type?.label ?? receiptType,
    remark: e.remark,
    createByName: row.by ?? '',
    createTime: formatTime(e.createTime, timeZone),
    printedAt: formatTime(now, timeZone),
  }
}

export async function orderPrint(
  db: Db,
  propertyId: number,
  orderId: number,
  now: Date,
): Promise<OrderPrint> {
  await findOrder(db, propertyId, orderId)
  const [o] = await db.select().from(order).where(eq(order.orderId, orderId))
  const [p] = await db.select().from(property).where(eq(property.propertyId, propertyId))
  if (!o || !p) throw notFound('billing.entity.order')
  const timeZone = await propertyTimeZone(db, propertyId)
  const time = (d: Date) => formatTime(d, timeZone)
  const timeOrNull = (d: Date | null) => (d ? time(d) : null)
  const stays = await db
    .select({
      orderRoomId: orderRoom.orderRoomId,
      roomNo: room.roomNo,
      typeName: roomType.typeName,
      priceCents: orderRoom.priceCents,
      state: orderRoom.state,
      start: sql<unknown>`lower(${orderRoom.stay})`,
      end: sql<unknown>`upper(${orderRoom.stay})`,
      checkedInAt: orderRoom.checkedInAt,
      checkedOutAt: orderRoom.checkedOutAt,
    })
    .from(orderRoom)
    .innerJoin(roomType, eq(roomType.roomTypeId, orderRoom.roomTypeId))
    .leftJoin(room, eq(room.roomId, orderRoom.roomId))
    .where(eq(orderRoom.orderId, orderId))
    .orderBy(asc(orderRoom.orderRoomId))
  const guests = await db
    .select()
    .from(orderGuest)
    .where(eq(orderGuest.orderId, orderId))
    .orderBy(asc(orderGuest.guestId))
  const rooms: OrderPrintRoom[] = stays.map((s) => ({
    orderRoomId: s.orderRoomId,
    roomNo: s.roomNo,
    typeName: s.typeName,
    priceCents: s.priceCents,
    state: s.state,
    startTime: time(toDate(s.start)),
    endTime: time(toDate(s.end)),
    checkedInAt: timeOrNull(s.checkedInAt),
    checkedOutAt: timeOrNull(s.checkedOutAt),
    guests: guests
      .filter((g) => g.orderRoomId === s.orderRoomId)
      .map((g) => ({
        name: g.name,
        idType: g.idType,
        // Print pages and the spreadsheet show personal data masked (SPEC §5).
        idNo: maskIdNumber(g.idNo),
        phone: maskPhone(g.phone),
        main: g.main,
      })),
  }))
  return {
    property: { propertyName: p.propertyName, address: p.address, contactPhone: p.contactPhone },
    order: {
      orderId: o.orderId,
      orderNo: o.orderNo,
      externalNo: o.externalNo,
      state: o.state,
      orderType: o.orderType,
      contactName: o.contactName,
      contactPhone: maskPhone(o.contactPhone),
      remark: o.remark,
      checkInAt: time(o.checkInAt),
      checkOutAt: time(o.checkOutAt),
      departedAt:
        o.state === 'checkOut'
          ? timeOrNull(
              stays.reduce<Date | null>(
                (last, s) => (s.checkedOutAt && (!last || s.checkedOutAt > last) ? s.checkedOutAt : last),
                null,
              ),
            )
          : null,
      createTime: time(o.createTime),
    },
    rooms,
    folio: await readFolio(db, propertyId, orderId),
    printedAt: time(now),
  }
}

/**
 * The order as one worksheet: header fields, rooms with their guests, folio lines, totals. Named with the time it was
 * printed, on the hotel's clock.
 */
export async function exportOrderWorkbook(
  print: OrderPrint,
  request: FastifyRequest,
  now = new Date(),
): Promise<{ name: string; buffer: Buffer }> {
  const lang = requestLanguage(request)
  const t = (key: string) => localize(lang, key)
  const book = new (await loadExcel()).Workbook()
  book.created = now
  const sheet = book.addWorksheet(t('billing.export.sheet'))
  sheet.columns = [
    { width: 22 },
    { width: 22 },
    { width: 18 },
    { width: 16 },
    { width: 16 },
    { width: 22 },
    { width: 22 },
  ]
  const heading = (text: string) => {
    const row = sheet.addRow([text])
    row.font = { bold: true }
  }
  // A seeded refund reason reads in the request's language; one an administrator added, as the dictionary labels it.
  const refundReason = (e: { reason: string; reasonLabel: string }) => {
    const key = `billing.reason.${e.reason}`
    const text = t(key)
    return text === key ? e.reasonLabel : text
  }
  const header = (cells: string[]) => {
    const row = sheet.addRow(cells.map(t))
    row.font = { bold: true }
  }

  heading(`${print.property.propertyName} · ${t('billing.export.title')}`)
  const o = print.order
  for (const [key, value] of [
    ['billing.export.orderNo', o.orderNo],
    ['billing.export.externalNo', o.externalNo],
    ['billing.export.state', t(`billing.orderState.${o.state}`)],
    ['billing.export.contact', `${o.contactName} ${o.contactPhone}`.trim()],
    ['billing.export.checkIn', o.checkInAt],
    ['billing.export.checkOut', o.departedAt ?? o.checkOutAt],
    ['billing.export.remark', o.remark],
    ['billing.export.printedAt', print.printedAt],
  ] as const)
    sheet.addRow([t(key), value])

  sheet.addRow([])
  heading(t('billing.export.rooms'))
  header([
    'billing.export.roomNo',
    'billing.export.roomType',
    'billing.export.price',
    'billing.export.state',
    'billing.export.guests',
    'billing.export.checkIn',
    'billing.export.checkOut',
  ])
  for (const r of print.rooms)
    addSheetRow(sheet, [
      r.roomNo ?? '',
      r.typeName,
      moneyCell(r.priceCents),
      t(`billing.orderState.${r.state}`),
      r.guests.map((g) => g.name).join(', '),
      r.checkedInAt ?? r.startTime,
      r.checkedOutAt ?? r.endTime,
    ])

  sheet.addRow([])
  heading(t('billing.export.folio'))
  header([
    'billing.export.time',
    'billing.export.item',
    'billing.export.roomNo',
    'billing.export.amount',
    'billing.export.method',
    'billing.export.reason',
    'billing.export.operator',
  ])
  for (const e of print.folio.entries) {
    const sign = e.kind === 'deposit' || e.kind === 'payment' ? -1 : 1
    addSheetRow(sheet, [
      e.createTime,
      [t(`billing.kind.${e.kind}`), itemLabel(e)].filter(Boolean).join(' · '),
      e.roomNo ?? '',
      moneyCell(sign * e.amountCents),
      e.method ? t(`billing.method.${e.method}`) : '',
      e.reason ? refundReason(e) : '',
      e.createByName,
    ])
  }
  const totals = print.folio.totals
  sheet.addRow([])
  for (const [key, cents] of [
    ['billing.total.charges', totals.chargesCents],
    ['billing.total.received', totals.receivedCents],
    ['billing.total.refunded', totals.refundedCents],
    ['billing.total.balance', totals.balanceCents],
  ] as const) {
    const row = addSheetRow(sheet, [t(key), '', '', moneyCell(cents)])
    row.font = { bold: true }
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer())
  return { name: `order_${o.orderNo}_${print.printedAt.replace(/\D/g, '')}.xlsx`, buffer }
}
