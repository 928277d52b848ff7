// The folio service: which order's folio a room or an order bills to, reading a folio with its totals, and posting
// an entry under the rules of protocol/src/billing/folio.ts with the folio's order row locked, so two desks posting
// at once are checked one after the other.

import type { FolioEntryView, FolioView } from '@pms/protocol/api/billing'
import type { PropertyConfig } from '@pms/protocol/api/properties'
import {
  defaultReceiptType,
  type FolioEntryKind,
  type FolioLine,
  folioTotals,
  hasReceipt,
  ledgerAccounts,
  type PaymentMethod,
  receiptNo,
  refuseEntry,
} from '@pms/protocol/billing/index'
import { compactDay } from '@pms/protocol/time/zone'
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import { sentTogether, writeBehind } from '../db/answered.ts'
import { builtOnce, slot, sqlBuiltOnce, valueSlot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { dictData, folioEntry, order, orderRoom, receiptSeq, room, user } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { formatTime } from '../notifications/push.ts'
import { dayOf, propertyClock, propertyTimeZone, timeZoneColumn, zoneOrDefault } from '../properties/clock.ts'
import { mergeConfig, type StoredConfig } from '../properties/config.ts'
import { requireOpenShift } from '../shifts/require.ts'

/** Joint rooms may chain (a room joined to a room joined to another); this bounds a corrupt cycle. */
export const MAX_CHAIN = 20

/**
 * The joint-room chain up from the order room `start` picks (a condition on `pms_order_room c0`), for a
 * `WITH RECURSIVE`: `chain (order_room_id, main_room_id, order_id, depth)`, the room itself at depth 0 and the room
 * its folio bills to deepest. Every statement that walks a chain walks it with this one.
 */
export const chainUp = (start: SQL) => sql`chain AS (
    SELECT c0.order_room_id, c0.main_room_id, c0.order_id, 0 AS depth FROM pms_order_room c0 WHERE ${start}
    UNION ALL
    SELECT r.order_room_id, r.main_room_id, r.order_id, c.depth + 1
    FROM pms_order_room r JOIN chain c ON r.order_room_id = c.main_room_id
    WHERE c.depth < ${MAX_CHAIN}
  )`

export interface FolioOrder {
  orderId: number
  propertyId: number
  orderNo: string
  state: string
  settled: boolean
  settledAt: Date | null
  mainAccount: number | null
  hourly: boolean
}

/** The order of the property, locked for update when `lock`; 404 when it is not this property's. */
export async function findOrder(
  tx: Db,
  propertyId: number,
  orderId: number,
  lock = false,
): Promise<FolioOrder> {
  const query = tx
    .select({
      orderId: order.orderId,
      propertyId: order.propertyId,
      orderNo: order.orderNo,
      state: order.state,
      mainAccount: order.mainAccount,
      hourly: order.hourly,
      settled: sql<boolean>`${order}.settled`,
      settledAt: sql<Date | null>`${order}.settled_at`,
    })
    .from(order)
    .where(and(eq(order.orderId, orderId), eq(order.propertyId, propertyId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('billing.entity.order')
  return { ...row, settledAt: row.settledAt ? new Date(row.settledAt) : null }
}

/** The order whose folio an order room bills to: the order of the first room up its joint-room chain. */
async function folioOrderOfRoom(tx: Db, orderRoomId: number): Promise<number> {
  const rows = rowsOf<{ order_id: unknown }>(
    await tx.execute(sql`
      WITH RECURSIVE ${chainUp(sql`c0.order_room_id = ${orderRoomId}`)}
      SELECT order_id FROM chain ORDER BY depth DESC LIMIT 1`),
  )
  if (!rows[0]) throw notFound('billing.entity.orderRoom')
  return Number(rows[0].order_id)
}

/**
 * An order room of the property with the order it belongs to and the order whose folio it bills to (up its joint-room
 * chain), in one statement; 404 when the room is not the property's.
 */
async function stayFolioOf(
  tx: Db,
  propertyId: number,
  orderRoomId: number,
): Promise<{ orderId: number; folioOrderId: number }> {
  const rows = rowsOf<{ order_id: unknown; folio_order_id: unknown }>(
    await tx.execute(sql`
      WITH RECURSIVE ${chainUp(sql`c0.order_room_id = ${orderRoomId} AND c0.property_id = ${propertyId}`)}
      SELECT (SELECT order_id FROM chain WHERE depth = 0) AS order_id, order_id AS folio_order_id
      FROM chain ORDER BY depth DESC LIMIT 1`),
  )
  if (!rows[0]) throw notFound('billing.entity.orderRoom')
  return { orderId: Number(rows[0].order_id), folioOrderId: Number(rows[0].folio_order_id) }
}

/** The order whose folio an order bills to: its main account's folio when that room is joined elsewhere. */
export async function folioOrderOf(tx: Db, o: FolioOrder): Promise<number> {
  return o.mainAccount ? folioOrderOfRoom(tx, o.mainAccount) : o.orderId
}

/**
 * `WITH RECURSIVE … folio(order_id)`: the order whose folio `orderId` of the property bills to — its own, or its main
 * account's up the joint-room chain, as folioOrderOf — for a statement that reads that folio without asking first.
 * No row in `folio` when the order is not the property's.
 */
const withFolioOf = (propertyId: number, orderId: number) => sql`
  WITH RECURSIVE asked AS (
    SELECT order_id, main_account FROM pms_order WHERE order_id = ${orderId} AND property_id = ${propertyId}
  ), ${chainUp(sql`c0.order_room_id = (SELECT main_account FROM asked)`)},
  folio AS (
    SELECT coalesce((SELECT order_id FROM chain ORDER BY depth DESC LIMIT 1), asked.order_id) AS order_id FROM asked
  )`

/**
 * What the folio an order bills to has charged — room, overtime and extra charges, in cents — in one statement (the
 * order, its folio's order and the sum; was three): what a member's points are earned on. 0 when the order is not the
 * property's.
 */
export async function folioChargedCents(tx: Db, propertyId: number, orderId: number): Promise<number> {
  const [row] = rowsOf<{ cents: unknown }>(
    await tx.execute(sql`${withFolioOf(propertyId, orderId)}
      SELECT coalesce(sum(amount_cents), 0) AS cents FROM pms_folio_entry
      WHERE order_id = (SELECT order_id FROM folio) AND kind IN ('roomCharge', 'overtimeCharge', 'extraCharge')`),
  )
  return Number(row?.cents ?? 0)
}

/** The lines of the folio an order bills to, without asking which that is first (none when not the property's). */
async function folioLinesOf(tx: Db, propertyId: number, orderId: number): Promise<FolioLine[]> {
  return rowsOf<{ kind: FolioEntryKind; amount_cents: unknown }>(
    await tx.execute(sql`${withFolioOf(propertyId, orderId)}
      SELECT kind, amount_cents FROM pms_folio_entry WHERE order_id = (SELECT order_id FROM folio)`),
  ).map((r) => ({ kind: r.kind, amountCents: Number(r.amount_cents) }))
}

/** An order read in a transaction and the order whose folio it bills to, locked for update (they may be the same). */
export interface HeldFolio {
  asked: FolioOrder
  folio: FolioOrder
  /** The property's configuration, read by the same statement. */
  config: PropertyConfig
  /** The folio's order of stays of `asked` read already (orderRoomId → folio's order id): postEntry does not ask. */
  stayFolios?: Map<number, number>
}

const asFolioOrder = (r: Record<string, unknown>): FolioOrder => ({
  orderId: Number(r.order_id),
  propertyId: Number(r.property_id),
  orderNo: String(r.order_no),
  state: String(r.state),
  mainAccount: r.main_account == null ? null : Number(r.main_account),
  hourly: r.hourly === true || r.hourly === 't',
  settled: r.settled === true || r.settled === 't',
  settledAt: r.settled_at ? new Date(String(r.settled_at)) : null,
})

/** holdFolio's statement, built once (db/built-once.ts): every folio entry and settlement of the desk sends it. */
const folioHeld = sqlBuiltOnce(sql`
  WITH RECURSIVE asked AS (
    SELECT order_id, property_id, order_no, state, main_account, hourly, settled, settled_at
    FROM pms_order WHERE order_id = ${slot('orderId')} AND property_id = ${slot('propertyId')}
  ), ${chainUp(sql`c0.order_room_id = (SELECT main_account FROM asked)`)}
  SELECT f.order_id, f.property_id, f.order_no, f.state, f.main_account, f.hourly, f.settled, f.settled_at,
    (SELECT to_json(asked) FROM asked) AS asked,
    (SELECT config FROM pms_property_config WHERE property_id = ${slot('propertyId')}) AS config
  FROM pms_order f
  WHERE f.property_id = ${slot('propertyId')} AND EXISTS (SELECT 1 FROM asked)
    AND f.order_id = coalesce((SELECT order_id FROM chain ORDER BY depth DESC LIMIT 1), ${slot('orderId')})
  FOR UPDATE OF f`)

/**
 * The order of the property and its folio's order (up its main account's joint-room chain, as folioOrderOf), the
 * folio's order locked for update, in one statement instead of three (findOrder, folioOrderOf, findOrder locked);
 * 404 when the order is not the property's. Only the folio's order is locked, as before.
 */
export async function holdFolio(tx: Db, propertyId: number, orderId: number): Promise<HeldFolio> {
  const rows = rowsOf<Record<string, unknown> & { asked: Record<string, unknown>; config: unknown }>(
    await folioHeld(tx, { propertyId, orderId }),
  )
  const row = rows[0]
  if (!row) throw notFound('billing.entity.order')
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
  const stored = json(row.config) as StoredConfig | null
  return {
    asked: asFolioOrder(json(row.asked)),
    folio: asFolioOrder(row),
    config: mergeConfig(propertyId, stored ?? undefined, null),
  }
}

/** An order room of `orderId`'s property; 404 otherwise. */
export async function findOrderRoom(tx: Db, propertyId: number, orderRoomId: number) {
  const [row] = await tx
    .select()
    .from(orderRoom)
    .where(and(eq(orderRoom.orderRoomId, orderRoomId), eq(orderRoom.propertyId, propertyId)))
  if (!row) throw notFound('billing.entity.orderRoom')
  return row
}

/** The pms_refund_type dictionary's label of an entry's reason (`reason`: its column, qualified); null when none. */
const refundReasonLabel = (reason: SQL) =>
  sql<string | null>`CASE WHEN ${reason} <> '' THEN (SELECT d.dict_label FROM sys_dict_data d
    WHERE d.dict_type = 'pms_refund_type' AND d.dict_value = ${reason} ORDER BY d.dict_code LIMIT 1) END`

/** The folio's entries, oldest first; `timeZone` (the property's) when the caller knows it saves reading it. */
export async function folioEntries(
  tx: Db,
  folioOrderId: number,
  timeZone?: string,
): Promise<FolioEntryView[]> {
  const rows = await tx
    .select({
      entry: folioEntry,
      roomNo: room.roomNo,
      createByName: user.userName,
      reasonLabel: refundReasonLabel(sql`${folioEntry.reason}`),
    })
    .from(folioEntry)
    // The room the entry was posted in, not the one its stay is in now (a room change moves the stay, not its past).
    .leftJoin(room, eq(room.roomId, folioEntry.roomId))
    .leftJoin(user, eq(user.userId, folioEntry.createBy))
    .where(eq(folioEntry.orderId, folioOrderId))
    .orderBy(asc(folioEntry.entryId))
  if (!rows.length) return []
  const zone = timeZone ?? (await propertyTimeZone(tx, rows[0]!.entry.propertyId))
  return rows.map(({ entry, roomNo, createByName, reasonLabel }) =>
    presentEntry(entry, { roomNo, createByName, reasonLabel }, zone),
  )
}

export function presentEntry(
  e: typeof folioEntry.$inferSelect,
  /** What the entry shows of other tables: its room, who posted it, its reason's dictionary label. */
  shown: { roomNo: string | null; createByName: string | null; reasonLabel: string | null },
  /** The property's zone (times on its clock). */
  timeZone: string,
): FolioEntryView {
  return {
    entryId: e.entryId,
    orderId: e.orderId,
    orderRoomId: e.orderRoomId,
    roomNo: shown.roomNo,
    kind: e.kind as FolioEntryKind,
    amountCents: e.amountCents,
    method: e.method as PaymentMethod | null,
    itemName: e.itemName,
    quantity: e.quantity,
    costId: e.costId,
    chargeItemId: e.chargeItemId,
    subjectCode: e.subjectCode,
    reason: e.reason,
    reasonLabel: e.reason ? (shown.reasonLabel ?? e.reason) : '',
    remark: e.remark,
    receiptNo: e.receiptNo,
    receiptType: e.receiptType,
    createBy: e.createBy,
    createByName: shown.createByName ?? '',
    createTime: formatTime(e.createTime, timeZone),
  }
}

/**
 * The folio an order bills to, with its totals; with `own`, the order's own folio even when it bills to another
 * order's account (what settling a joined order closes).
 */
export async function readFolio(
  tx: Db,
  propertyId: number,
  orderId: number,
  options: { own?: boolean } = {},
): Promise<FolioView> {
  const asked = await findOrder(tx, propertyId, orderId)
  const folioOrderId = options.own ? orderId : await folioOrderOf(tx, asked)
  const owner = folioOrderId === orderId ? asked : await findOrder(tx, propertyId, folioOrderId)
  const entries = await folioEntries(tx, folioOrderId)
  return {
    orderId,
    folioOrderId,
    orderNo: owner.orderNo,
    orderState: owner.state,
    settled: owner.settled,
    settledAt: owner.settledAt ? formatTime(owner.settledAt, await propertyTimeZone(tx, propertyId)) : null,
    totals: folioTotals(entries),
    entries,
  }
}

export interface NewEntry {
  propertyId: number
  /** The order asked for; the entry goes to the folio it bills to (of `orderRoomId` when given). */
  orderId: number
  orderRoomId?: number | null
  kind: FolioEntryKind
  amountCents: number
  method?: PaymentMethod | null
  itemName?: string
  /** How many of the item (charges from a charge or cost item); 1 when not given. */
  quantity?: number
  costId?: number | null
  chargeItemId?: number | null
  subjectCode?: string | null
  reason?: string
  remark?: string
  /** Deposits and payments: a value of the pms_receipt_type dictionary (checked here). */
  receiptType?: string
  /** Money to the order's own folio even when it bills to another order's account (joint-rooms.ts rule 3). */
  ownFolio?: boolean
  createBy: number | null
}

/** nextReceiptNo's statement, built once: the business date under its share lock, and the day's counter taken. */
const receiptCounted = sqlBuiltOnce(sql`
  WITH open AS (
    SELECT business_date FROM pms_business_date WHERE property_id = ${slot('propertyId')}::bigint FOR SHARE
  )
  INSERT INTO pms_receipt_seq (property_id, day, last_no)
  SELECT ${slot('propertyId')}::bigint, to_char(business_date, 'YYYYMMDD'), 1 FROM open
  ON CONFLICT (property_id, day) DO UPDATE SET last_no = pms_receipt_seq.last_no + 1
  RETURNING to_char(to_date(day, 'YYYYMMDD'), 'YYYY-MM-DD') AS business_date, last_no`)

/**
 * The next receipt number of the property's day. Receipts are fiscal-ish documents handed to the guest and checked
 * against the cash drawer and the books, so their numbers have no gaps: the number is taken in the posting's own
 * transaction and given back when it rolls back. The price is a lock on the day's counter row until the posting
 * commits, so postEntry takes it as its last step, right before the entry's insert (every check and look-up done),
 * and nothing slow may follow a posting in its transaction. Order numbers, which may have gaps, are issued outside
 * any transaction instead (orders/store.ts nextOrderNo).
 */
export async function nextReceiptNo(tx: Db, propertyId: number): Promise<string> {
  // The property's business date, read under the share lock the entry's own trigger takes (migration 0017), and its
  // counter taken, in one statement: the receipt is numbered in the day the entry is booked to, whatever the server's
  // clock says. A property whose business date was never opened (no row) numbers on its clock's day instead.
  const [counted] = rowsOf<{ business_date: unknown; last_no: unknown }>(
    await receiptCounted(tx, { propertyId }),
  )
  if (counted) return receiptNo(dayOf(counted.business_date), Number(counted.last_no))
  const businessDate = (await propertyClock(tx, propertyId)).businessDate
  const day = compactDay(businessDate)
  const [row] = await tx
    .insert(receiptSeq)
    .values({ propertyId, day, lastNo: 1 })
    .onConflictDoUpdate({
      target: [receiptSeq.propertyId, receiptSeq.day],
      set: { lastNo: sql`${receiptSeq.lastNo} + 1` },
    })
    .returning({ lastNo: receiptSeq.lastNo })
  return receiptNo(businessDate, row!.lastNo)
}

/** A value in force of a dictionary (`pms_receipt_type`, `pms_refund_type`); null when it is not one. */
async function dictValueInForce(tx: Db, dictType: string, value: string): Promise<string | null> {
  const [row] = await tx
    .select({ value: dictData.dictValue })
    .from(dictData)
    .where(and(eq(dictData.dictType, dictType), eq(dictData.dictValue, value), eq(dictData.status, '0')))
  return row?.value ?? null
}

/**
 * Step of posting one entry in the caller's transaction: resolves the folio, locks its order, applies the folio rules
 * (400 for an amount or a refund/payment beyond what the rules allow, 409 on a settled folio), and answers the entry's
 * row as it is to be inserted (one balanced journal line), with its folio's order.
 */
async function entryToPost(tx: Db, input: NewEntry, given?: HeldFolio) {
  const receiptTypeAsked = hasReceipt(input.kind)
    ? (input.receiptType ?? defaultReceiptType(input.kind as 'deposit' | 'payment'))
    : null
  // The entry's checks, judged in this order: the poster's open shift, the refund's reason, the folio's lines (only a
  // payment or a refund is bounded by the folio's totals, refuseEntry), the receipt's type. The last three are reads
  // none of which waits for another (`lines` reads the folio's lines).
  const shift = (config?: PropertyConfig) =>
    requireOpenShift(tx, { ...input, method: input.method ?? null }, config)
  const reads = (lines: () => PromiseLike<FolioLine[]>) =>
    [
      // A refund names its reason from the pms_refund_type dictionary (SPEC §3); details go in the remark.
      () =>
        input.kind === 'refund'
          ? dictValueInForce(tx, 'pms_refund_type', input.reason ?? '')
          : Promise.resolve(null),
      () => (input.kind === 'payment' || input.kind === 'refund' ? lines() : Promise.resolve([])),
      () =>
        receiptTypeAsked ? dictValueInForce(tx, 'pms_receipt_type', receiptTypeAsked) : Promise.resolve(null),
    ] as const
  type Read = [string | null, FolioLine[], string | null]
  // `given`: the caller read the order and locked its folio's order in this transaction (holdFolio); not read again.
  // Without it, an entry for the order's own folio (no room named) holds that folio here, in one statement (the order,
  // the joint-room chain, the folio's order locked, the property's configuration) where it took three, and sends the
  // reads with it, in one write (the folio's lines read up the same chain); the shift is then judged on the
  // configuration the hold read (a read of its own only where the property asks for open shifts).
  let held = given
  let read: Read | undefined
  if (!held && !input.ownFolio && !input.orderRoomId) {
    const [hold, ...answers] = (await sentTogether<unknown[]>(
      tx,
      () => holdFolio(tx, input.propertyId, input.orderId),
      ...reads(() => folioLinesOf(tx, input.propertyId, input.orderId)),
    )) as [HeldFolio, ...Read]
    held = hold
    read = answers
    await shift(hold.config)
  }
  const asked =
    held?.asked.orderId === input.orderId ? held.asked : await findOrder(tx, input.propertyId, input.orderId)
  let folioOrderId: number
  const knownFolio = held && held.asked === asked ? held.stayFolios?.get(input.orderRoomId ?? 0) : undefined
  if (input.ownFolio) {
    // The room named, if any, is still the order's own; the entry goes to the order's own folio all the same.
    if (
      input.orderRoomId &&
      (await stayFolioOf(tx, input.propertyId, input.orderRoomId)).orderId !== asked.orderId
    )
      throw badRequest('billing.roomNotInOrder', [input.orderRoomId])
    folioOrderId = asked.orderId
  } else if (knownFolio !== undefined) folioOrderId = knownFolio
  else if (input.orderRoomId) {
    const stay = await stayFolioOf(tx, input.propertyId, input.orderRoomId)
    if (stay.orderId !== asked.orderId) throw badRequest('billing.roomNotInOrder', [input.orderRoomId])
    folioOrderId = stay.folioOrderId
  } else if (held && held.asked === asked) folioOrderId = held.folio.orderId
  else folioOrderId = await folioOrderOf(tx, asked)
  const owner =
    held?.folio.orderId === folioOrderId
      ? held.folio
      : await findOrder(tx, input.propertyId, folioOrderId, true)
  const [reasonInForce, lines, receiptType] =
    read ??
    ((
      await sentTogether<unknown[]>(
        tx,
        () => shift(held?.config),
        ...reads(
          () =>
            tx
              .select({ kind: folioEntry.kind, amountCents: folioEntry.amountCents })
              .from(folioEntry)
              .where(eq(folioEntry.orderId, folioOrderId)) as PromiseLike<FolioLine[]>,
        ),
      )
    ).slice(1) as Read)
  if (input.kind === 'refund' && !reasonInForce)
    throw badRequest('billing.refundReasonInvalid', ['reason', input.reason ?? ''])
  const refusal = refuseEntry(
    folioTotals(lines),
    { kind: input.kind, amountCents: input.amountCents },
    owner.settled,
  )
  // The refusal's amounts are money text already ('300.00'), as the console shows them.
  if (refusal)
    throw refusal.key === 'billing.folioSettled'
      ? conflict(refusal.key, refusal.params)
      : badRequest(refusal.key, refusal.params)
  const method = input.method ?? null
  const { debit, credit } = ledgerAccounts(input.kind, method)
  let receipt: { receiptNo: string | null; receiptType: string | null; createTime?: Date } = {
    receiptNo: null,
    receiptType: null,
  }
  if (receiptTypeAsked) {
    // A receipt type in force in the pms_receipt_type dictionary; 400 naming `receiptType` otherwise.
    if (!receiptType) throw badRequest('billing.receiptTypeInvalid', ['receiptType', receiptTypeAsked])
    receipt = { receiptType, receiptNo: null }
  } else if (input.receiptType !== undefined) throw badRequest('billing.receiptTypeNotHere', ['receiptType'])
  if (receipt.receiptType) {
    // Last step before the insert: the day's receipt counter stays locked until the commit (see nextReceiptNo).
    // The number carries the business date (the hotel day the entry is booked to); the receipt prints its own time.
    const at = new Date()
    receipt = { ...receipt, receiptNo: await nextReceiptNo(tx, input.propertyId), createTime: at }
  }
  const values = {
    propertyId: input.propertyId,
    orderId: folioOrderId,
    orderRoomId: input.orderRoomId ?? null,
    kind: input.kind,
    amountCents: input.amountCents,
    method,
    debitAccount: debit,
    creditAccount: credit,
    itemName: input.itemName ?? '',
    quantity: input.quantity ?? 1,
    costId: input.costId ?? null,
    chargeItemId: input.chargeItemId ?? null,
    subjectCode: input.subjectCode ?? null,
    reason: input.reason ?? '',
    remark: input.remark ?? '',
    ...receipt,
    createBy: input.createBy,
  }
  return { values, folioOrderId }
}

/** Posts one entry (entryToPost's rules) and answers it as the folio shows it. */
export async function postEntry(tx: Db, input: NewEntry, held?: HeldFolio): Promise<FolioEntryView> {
  const { values, folioOrderId } = await entryToPost(tx, input, held)
  const [row] = await tx
    .insert(folioEntry)
    .values(values)
    // What the entry shows beside its own columns, read by the insert itself: its room (the stay's room now, recorded
    // on the entry by the database as it is inserted), who posted it, the zone (columns named with their table:
    // Drizzle leaves them bare in RETURNING, where a subquery would take its own).
    .returning({
      ...getTableColumns(folioEntry),
      roomNo: sql<
        string | null
      >`(SELECT rm.room_no FROM pms_room rm WHERE rm.room_id = pms_folio_entry.room_id)`,
      createByName: sql<string | null>`(SELECT u.user_name FROM sys_user u
        WHERE u.user_id = pms_folio_entry.create_by)`,
      reasonLabel: refundReasonLabel(sql.raw('pms_folio_entry.reason')),
      timeZone: timeZoneColumn(input.propertyId),
    })
  const { roomNo, createByName, reasonLabel, timeZone, ...entry } = row!
  // The order's deposit kept goes with the transaction's next statement (its COMMIT, at the latest).
  if (movesDeposit(entry)) await writeBehind(tx, () => keepDepositHeld(tx, folioOrderId))
  return presentEntry(entry, { roomNo, createByName, reasonLabel }, zoneOrDefault(timeZone))
}

/**
 * An entry's insert, answering nothing: built once (db/built-once.ts), a value that may be null in a plain slot with
 * its cast, the time the receipt prints or else the column's default (the transaction's time).
 */
const entryInsert = builtOnce((db) =>
  db
    .insert(folioEntry)
    .values({
      propertyId: valueSlot<number>('propertyId'),
      orderId: valueSlot<number>('orderId'),
      orderRoomId: sql`${slot('orderRoomId')}::bigint`,
      kind: valueSlot<string>('kind'),
      amountCents: valueSlot<number>('amountCents'),
      method: sql`${slot('method')}::varchar`,
      debitAccount: valueSlot<string>('debitAccount'),
      creditAccount: valueSlot<string>('creditAccount'),
      itemName: valueSlot<string>('itemName'),
      quantity: valueSlot<number>('quantity'),
      costId: sql`${slot('costId')}::bigint`,
      chargeItemId: sql`${slot('chargeItemId')}::bigint`,
      subjectCode: sql`${slot('subjectCode')}::varchar`,
      reason: valueSlot<string>('reason'),
      remark: valueSlot<string>('remark'),
      receiptNo: sql`${slot('receiptNo')}::varchar`,
      receiptType: sql`${slot('receiptType')}::varchar`,
      createBy: sql`${slot('createBy')}::bigint`,
      createTime: sql`coalesce(${slot('createTime')}::timestamptz, now())`,
    })
    .prepare(''),
)
/** An entry's row as entryToPost answers it. */
type EntryValues = Awaited<ReturnType<typeof entryToPost>>['values']
const insertEntry = (tx: Db, values: EntryValues) =>
  entryInsert(tx, { ...values, createTime: values.createTime?.toISOString() ?? null })

/**
 * Posts one entry (entryToPost's rules) whose caller reads nothing of it (a check-out's room charges): the insert goes
 * with the transaction's next statement, its refusal that statement's error (db/answered.ts writeBehind).
 */
export async function postEntryBehind(tx: Db, input: NewEntry, held?: HeldFolio): Promise<void> {
  const { values, folioOrderId } = await entryToPost(tx, input, held)
  await writeBehind(tx, () => insertEntry(tx, values))
  if (movesDeposit(values)) await writeBehind(tx, () => keepDepositHeld(tx, folioOrderId))
}

/** A deposit taken, or a refund given back as its return (refund reason depositReturn). */
const movesDeposit = (e: { kind: string; reason: string }) =>
  e.kind === 'deposit' || (e.kind === 'refund' && e.reason === 'depositReturn')

/**
 * Step: the order's deposit (pms_order.deposit_cents, the orders' "deposit" column and the order header) is the
 * deposit its folio holds — the deposits taken less the ones given back, never below zero —, kept by every entry
 * that moves it (a deposit typed with a reservation or taken later at the desk alike).
 */
async function keepDepositHeld(tx: Db, folioOrderId: number): Promise<void> {
  await tx.execute(sql`UPDATE pms_order SET deposit_cents = greatest(0, (
      SELECT coalesce(sum(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END), 0)
      FROM pms_folio_entry
      WHERE order_id = ${folioOrderId} AND (kind = 'deposit' OR kind = 'refund' AND reason = 'depositReturn')))
    WHERE order_id = ${folioOrderId}`)
}
