/**
 * Where other areas plug into orders without this module knowing them: billing adds the folio section of the order
 * detail and may refuse a check-out (an unsettled folio). Registrations are keyed by name, so building the app twice
 * in one process (tests) does not register twice.
 */
import type { Db } from '../db/client.ts'
import type { Actor, OrderRow, StayRow } from './store.ts'

/** Adds a section to GET order detail (`sections[name]`). */
export type DetailSection = (db: Db, order: OrderRow, stays: StayRow[]) => Promise<unknown>
/** Runs inside the check-out transaction before any state changes; throw an AppError to refuse. */
export type CheckOutGuard = (tx: Db, actor: Actor, order: OrderRow, leaving: StayRow[]) => Promise<void>
/** Money taken with a new order (reservation or walk-in): posted in the order's own transaction. */
export interface OrderDeposit {
  orderId: number
  amountCents: number
  method: string
  receiptType?: string
}
export type DepositPoster = (tx: Db, actor: Actor, deposit: OrderDeposit) => Promise<void>

const sections = new Map<string, DetailSection>()
const checkOutGuards = new Map<string, CheckOutGuard>()
let depositPoster: DepositPoster | null = null

/** Billing posts the deposit typed on a new order to its folio (one poster; registering again replaces it). */
export function registerDepositPoster(poster: DepositPoster) {
  depositPoster = poster
}

export async function postOrderDeposit(tx: Db, actor: Actor, deposit: OrderDeposit) {
  if (!depositPoster) throw new Error('no folio to post the deposit of a new order to')
  await depositPoster(tx, actor, deposit)
}

export function registerDetailSection(name: string, section: DetailSection) {
  sections.set(name, section)
}

export function registerCheckOutGuard(name: string, guard: CheckOutGuard) {
  checkOutGuards.set(name, guard)
}

export async function detailSections(db: Db, order: OrderRow, stays: StayRow[]) {
  const out: Record<string, unknown> = {}
  for (const [name, section] of sections) out[name] = await section(db, order, stays)
  return out
}

export async function runCheckOutGuards(tx: Db, actor: Actor, order: OrderRow, leaving: StayRow[]) {
  for (const guard of checkOutGuards.values()) await guard(tx, actor, order, leaving)
}
