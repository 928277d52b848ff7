/**
 * The billing contract (SPEC §4 billing: settled or not settled; §9 money format, timing and overtime rules).
 *
 * Each order has a folio: a list of entries, each a positive amount in integer cents whose kind says which way it
 * moves the guest's account (protocol/src/billing/folio.ts has the rules). Joint rooms bill to the folio of the
 * order holding their main room: asking for a joined order's folio answers that order's folio (`folioOrderId`).
 *
 * Routes (RuoYi style, under /prod-api):
 * - GET  /pms/pmsFolio/{orderId}                 → FolioView                       pms:pmsFolio:list
 * - POST /pms/pmsFolio/charge                    ChargeRequest → FolioEntryView    pms:pmsFolio:charge   (key)
 * - POST /pms/pmsFolio/deposit                   MoneyRequest → FolioEntryView     pms:pmsFolio:pay      (key)
 * - POST /pms/pmsFolio/payment                   MoneyRequest → FolioEntryView     pms:pmsFolio:pay      (key)
 * - POST /pms/pmsFolio/refund                    RefundRequest → FolioEntryView    pms:pmsFolio:refund   (key)
 * - POST /pms/pmsFolio/expense                   ExpenseRequest → FolioEntryView   pms:pmsFolio:charge   (key)
 * - GET  /pms/pmsFolio/receipt/{entryId}         → ReceiptView (deposits, payments) pms:pmsFolio:list
 * - GET  /pms/pmsFolio/checkoutBill/{orderId}    → CheckoutBill (nothing posted)   pms:pmsFolio:list
 * - POST /pms/pmsFolio/checkoutCharges/{orderId} → CheckoutBill (what was posted)   pms:pmsFolio:charge   (key)
 * - POST /pms/pmsFolio/settle/{orderId}          → FolioView                       pms:pmsFolio:settle
 *   (the order's own folio: an order whose rooms are joined to another order's account never settles that account)
 *   (409 while a room of another order joined to the folio — jointRoom — is still in house; so is the check-out of
 *   the rooms it is joined to, or of the order's last guests)
 * - GET  /pms/pmsFolio/print/{orderId}           → OrderPrint                      pms:pmsFolio:list
 * - GET  /pms/pmsFolio/chargeItems               → ChargeItem[] (in force)         pms:pmsFolio:charge
 * - /pms/pmsChargeItem list, {id}, POST, PUT, DELETE {ids}: the property's charge items (plain CRUD),
 *                                                                                   pms:pmsChargeItem:*
 * - POST /orderSystem/ordSysOrder/export/{orderId} → xlsx file (order, rooms, guests, folio, totals)
 *                                                                                   pms:pmsFolio:list
 * (key): the request must carry an idempotency key, in the `Idempotency-Key` header or the body's
 * `idempotencyKey` (1 to 100 characters). The same key again answers the first answer and posts nothing; the same
 * key with a different request is refused (409).
 *
 * Receipts: every deposit and payment gets, in the transaction that posts it, a receipt number unique in the
 * property (`RC` + local date `YYYYMMDD` + the day's sequence, four digits; a refused entry takes no number) and a
 * receipt type, a value of the `pms_receipt_type` dictionary (default: `deposit` for a deposit, `roomFee` for a
 * payment).
 *
 * Times are `YYYY-MM-DD hh:mm:ss` in the server's local time; money is integer cents.
 */
import type { FolioEntryKind, FolioTotals, OvertimeCharge, PaymentMethod } from '../billing/index.ts'

export const FolioPermission = {
  list: 'pms:pmsFolio:list',
  charge: 'pms:pmsFolio:charge',
  pay: 'pms:pmsFolio:pay',
  refund: 'pms:pmsFolio:refund',
  settle: 'pms:pmsFolio:settle',
} as const

/** Permission prefix of the property's charge items; list, query, add, edit and remove are appended. */
export const CHARGE_ITEM_PERMISSION = 'pms:pmsChargeItem'

/**
 * A charge item of the property (minibar, laundry, breakfast, damages…): its default price and the finance subject
 * (a code of the property's chart of accounts) its revenue is booked to. Status '0' in force, '1' disabled.
 */
export interface ChargeItem {
  chargeItemId: number
  propertyId: number
  itemName: string
  priceCents: number
  subjectCode: string
  status: '0' | '1'
  sort: number
  remark: string
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

interface Keyed {
  /** Alternative to the Idempotency-Key header. */
  idempotencyKey?: string
}

/**
 * POST /pms/pmsFolio/charge: a cost item of the room's type (`costId`, amount from the item), a charge item of the
 * property (`chargeItemId`: name and subject from the item, amount its price × quantity unless `amountCents` is
 * given), or a free item.
 */
export interface ChargeRequest extends Keyed {
  orderId: number
  orderRoomId?: number
  /** extraCharge (default) or a manual roomCharge. */
  kind?: 'extraCharge' | 'roomCharge'
  /** A cost item of the room type of `orderRoomId`; name and amount are taken from it. */
  costId?: number
  /** A charge item of the property in force (GET /pms/pmsFolio/chargeItems); not with costId. */
  chargeItemId?: number
  /** Times the item's amount (default 1); only with costId or chargeItemId. */
  quantity?: number
  /** Required without costId and chargeItemId. */
  itemName?: string
  /** Required without costId and chargeItemId; with chargeItemId it replaces price × quantity (e.g. damages). */
  amountCents?: number
  remark?: string
}

/** POST /pms/pmsFolio/deposit and /payment. A payment may not exceed the balance; a deposit may. */
export interface MoneyRequest extends Keyed {
  orderId: number
  orderRoomId?: number
  amountCents: number
  method: PaymentMethod
  remark?: string
  /** A value of the `pms_receipt_type` dictionary (deposit and payment only). */
  receiptType?: string
  /**
   * Post to the order's own folio even when the order bills to another order's account (joined rooms): the check-out
   * of a joined order pays or refunds its own folio's balance (billing/joint-rooms.ts rule 3).
   */
  ownFolio?: boolean
}

/** POST /pms/pmsFolio/refund: at most the money received and not yet refunded. */
export interface RefundRequest extends Omit<MoneyRequest, 'receiptType'> {
  /** A value in force of the `pms_refund_type` dictionary (REFUND_REASONS are seeded); details go in the remark. */
  reason: string
}

/** POST /pms/pmsFolio/expense: money paid out for the guest (a taxi, a purchase), owed like a charge. */
export interface ExpenseRequest extends Keyed {
  orderId: number
  orderRoomId?: number
  /** What was paid for. */
  itemName: string
  amountCents: number
  /** How the property paid it out. */
  method: PaymentMethod
  remark?: string
}

/** GET /pms/pmsFolio/receipt/{entryId}: what the printed receipt of a deposit or payment shows. */
export interface ReceiptView {
  property: { propertyName: string; address: string; contactPhone: string }
  order: { orderId: number; orderNo: string }
  /** The guest of the entry's room (its main guest), else the order's first main guest, else its contact. */
  guest: { name: string; phone: string }
  /** The room the guest was in when the money was taken (a later room change does not move it); null: none. */
  roomNo: string | null
  entryId: number
  kind: 'deposit' | 'payment'
  amountCents: number
  method: PaymentMethod
  receiptNo: string
  receiptType: string
  /** The dictionary's label of the type, as stored. */
  receiptTypeLabel: string
  remark: string
  createByName: string
  createTime: string
  printedAt: string
}

export interface FolioEntryView {
  entryId: number
  orderId: number
  orderRoomId: number | null
  /** The room its stay was in when the entry was posted. */
  roomNo: string | null
  kind: FolioEntryKind
  amountCents: number
  method: PaymentMethod | null
  /** The item's own name; `quantity` says how many (protocol billing `itemLabel` shows both). */
  itemName: string
  quantity: number
  costId: number | null
  /** A charge posted from a property charge item, and the finance subject it was booked to. */
  chargeItemId: number | null
  subjectCode: string | null
  /** A refund's reason: a value of the `pms_refund_type` dictionary ('' for other kinds). */
  reason: string
  /**
   * The dictionary's label of the reason, as stored ('' when there is no reason; the value itself when the dictionary
   * no longer holds it): what a reason the console's packs do not know (one an administrator added) shows.
   */
  reasonLabel: string
  remark: string
  /** Deposits and payments: the receipt number and type; null otherwise. */
  receiptNo: string | null
  receiptType: string | null
  createBy: number | null
  createByName: string
  createTime: string
}

export interface FolioView {
  /** The order asked for. */
  orderId: number
  /** The order whose folio this is (differs when the asked order's rooms are joined to another order's room). */
  folioOrderId: number
  orderNo: string
  orderState: string
  settled: boolean
  settledAt: string | null
  totals: FolioTotals
  entries: FolioEntryView[]
}

/** One room stay of the check-out bill, computed as of `CheckoutBill.at` (or its check-out, when it left). */
export interface CheckoutBillRoom {
  orderRoomId: number
  orderId: number
  roomNo: string | null
  typeName: string
  hourly: boolean
  priceCents: number
  checkIn: string
  departure: string
  /** Nights (daily stays) or started hour units (hourly stays). */
  nights: number
  units: number
  roomCents: number
  /** Always 'none' for hourly stays: each further unit is charged instead. */
  overtime: OvertimeCharge
  /** Already on the folio for this room. */
  postedRoomCents: number
  postedOvertimeCents: number
  /** What check-out posts: computed less posted, never negative. */
  dueRoomCents: number
  dueOvertimeCents: number
}

export interface CheckoutBill {
  orderId: number
  /**
   * The folio whose totals the bill shows: the order's own folio at GET checkoutBill — also when its rooms are joined
   * to another order's account (`account`), whose balance its check-out neither asks for nor settles —, the folio
   * the charges were posted to at POST checkoutCharges.
   */
  folioOrderId: number
  /** Whether that folio is settled. */
  settled: boolean
  at: string
  timing: { checkOutTime: string; checkOutMode: 'fixed' | '24h'; hourUnitMinutes: number }
  rooms: CheckoutBillRoom[]
  /** The folio before the due charges. */
  totals: FolioTotals
  dueCents: number
  /** The balance once the due charges are posted: what the guest pays (positive) or gets back (negative). */
  balanceAfterCents: number
  /** Entries posted (POST checkoutCharges only). */
  posted: FolioEntryView[]
  /**
   * Rooms of other orders joined to this order's rooms (jointRoom) and still in house (GET checkoutBill only): their
   * charges post to this folio, so the order cannot check out or settle (409) until each is unjoined or has left.
   */
  joinedInHouse?: JointRoomInHouse[]
  /**
   * The account of another order the order's rooms are joined to (GET checkoutBill only; null when it bills to its
   * own folio): the leaving rooms' due charges post there and stay there, to be paid with that account.
   */
  account?: JointAccount | null
}

/** The room at the top of a joint-room chain and its order: the account a joined room's charges post to. */
export interface JointAccount {
  orderRoomId: number
  orderId: number
  orderNo: string
  roomNo: string | null
}

/** A checked-in room of another order joined to an account (its charges post to that account's folio). */
export interface JointRoomInHouse {
  orderRoomId: number
  orderId: number
  orderNo: string
  roomNo: string | null
}

export interface OrderPrintGuest {
  name: string
  idType: string
  idNo: string
  phone: string
  main: boolean
}

export interface OrderPrintRoom {
  orderRoomId: number
  roomNo: string | null
  typeName: string
  priceCents: number
  state: string
  startTime: string
  endTime: string
  checkedInAt: string | null
  checkedOutAt: string | null
  guests: OrderPrintGuest[]
}

/** GET /pms/pmsFolio/print/{orderId}: what the /pmsOrder/print page lays out. */
export interface OrderPrint {
  property: { propertyName: string; address: string; contactPhone: string }
  order: {
    orderId: number
    orderNo: string
    externalNo: string
    state: string
    orderType: string
    contactName: string
    contactPhone: string
    remark: string
    checkInAt: string
    /** The planned departure. */
    checkOutAt: string
    /** When the last guests left, once the order is checked out (the bill shows it instead of the plan). */
    departedAt: string | null
    createTime: string
  }
  rooms: OrderPrintRoom[]
  folio: FolioView
  printedAt: string
}
