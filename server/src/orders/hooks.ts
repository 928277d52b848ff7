/**
 * Where other areas plug into orders without this module knowing them: billing adds the folio section of the order
 * detail and may refuse a check-out (an unsettled folio) or a join (a settled account); members refuse blacklisted people. Registrations are keyed by name, so building the app twice
 * in one process (tests) does not register twice.
 */
import type { Db } from '../db/client.ts'
import type { Actor, OrderRow, StayRow } from './store.ts'

/** Adds a section to GET order detail (`sections[name]`). */
export type DetailSection = (db: Db, order: OrderRow, stays: StayRow[]) => Promise<unknown>
/**
 * What every check-out guard's check is given once the check-out has found the stays leaving: the order (locked), and
 * whether they are its last in house (the guards' reads, sent before, decide which stays leave in SQL themselves).
 */
export interface CheckOut {
  order: OrderRow
  /** No stay stays checked in once the stays leaving have left: the order itself checks out. */
  lastOut: boolean
}
/** What a check-out asks, before anything is read: its order, and the stays it names (null: every stay checked in). */
export interface CheckOutAsked {
  propertyId: number
  orderId: number
  orderRoomIds: readonly number[] | null
}
/**
 * Runs inside the check-out transaction before any state changes, in two steps. `reads` names the statements the
 * guard needs answered, from what the check-out asks alone, each sending one statement and none waiting for another:
 * every guard's reads go to the database with the order's lock and its stays, in the check-out's first round trip
 * (db/answered.ts sentTogether), and run once the lock is granted. `check` then decides on their answers, once the
 * check-out has found the stays leaving, in the order the guards were registered (throw an AppError to refuse), and
 * may write. A read whose answer depends on which stays leave decides it in SQL as the check-out does (the order's
 * checked-in stays, or those named), and whether the order's last stay in house leaves.
 */
export interface CheckOutGuard<R extends unknown[] = any[]> {
  reads?: (tx: Db, actor: Actor, asked: CheckOutAsked) => { [K in keyof R]: () => PromiseLike<R[K]> }
  check: (tx: Db, actor: Actor, out: CheckOut, read: R) => Promise<void>
}
/** Money taken with a new order (reservation or walk-in): posted in the order's own transaction. */
export interface OrderDeposit {
  orderId: number
  amountCents: number
  method: string
  receiptType?: string
}
export type DepositPoster = (tx: Db, actor: Actor, deposit: OrderDeposit) => Promise<void>

/** A person an order names (a guest or the contact), with the request field that named them. */
export interface OrderPerson {
  phone?: string
  idNo?: string
  field: string
}
/**
 * Runs before a reservation, a walk-in, a check-in or a guest added or edited takes these people; throw an AppError
 * to refuse (members: a blacklisted phone or ID number).
 */
export type PersonGuard = (tx: Db, actor: Actor, people: OrderPerson[]) => Promise<void>
/**
 * Runs before rooms are joined to a main room (jointRoom), with the main room's order locked; throw an AppError to
 * refuse (billing: the account the main room bills to is settled).
 */
/** Checks a room joining `mainRoomId`'s account, or (`back`) a joined room's check-out being cancelled onto it. */
export type JoinGuard = (tx: Db, actor: Actor, mainRoomId: number, back: boolean) => Promise<void>

const sections = new Map<string, DetailSection>()
const personGuards = new Map<string, PersonGuard>()
const checkOutGuards = new Map<string, CheckOutGuard>()
const joinGuards = new Map<string, JoinGuard>()
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

export function registerCheckOutGuard<R extends unknown[]>(name: string, guard: CheckOutGuard<R>) {
  checkOutGuards.set(name, guard as CheckOutGuard)
}

export function registerJoinGuard(name: string, guard: JoinGuard) {
  joinGuards.set(name, guard)
}

export async function runJoinGuards(tx: Db, actor: Actor, mainRoomId: number, back = false) {
  for (const guard of joinGuards.values()) await guard(tx, actor, mainRoomId, back)
}

export function registerPersonGuard(name: string, guard: PersonGuard) {
  personGuards.set(name, guard)
}

/** The people of a list of guests, each named by its field (`rooms[0].guests[1].idNo`). */
export function guestPeople(guests: Array<{ phone?: string; idNo?: string }>, field: string): OrderPerson[] {
  return guests.map((g, i) => ({ phone: g.phone, idNo: g.idNo, field: `${field}[${i}]` }))
}

export async function runPersonGuards(tx: Db, actor: Actor, people: OrderPerson[]) {
  const named = people.filter((p) => p.phone?.trim() || p.idNo?.trim())
  if (!named.length) return
  for (const guard of personGuards.values()) await guard(tx, actor, named)
}

export async function detailSections(db: Db, order: OrderRow, stays: StayRow[]) {
  const out: Record<string, unknown> = {}
  for (const [name, section] of sections) out[name] = await section(db, order, stays)
  return out
}

/**
 * Every check-out guard of a check-out asked for: `reads`, all their reads (to send with the check-out's own), then
 * `check(out, answers)`, each guard's check on its own answers.
 */
export function checkOutGuardsOf(tx: Db, actor: Actor, asked: CheckOutAsked) {
  const guards = [...checkOutGuards.values()]
  const reads = guards.map((guard) => guard.reads?.(tx, actor, asked) ?? [])
  return {
    reads: reads.flat() as Array<() => PromiseLike<unknown>>,
    async check(out: CheckOut, answers: unknown[]) {
      let at = 0
      for (const [i, guard] of guards.entries()) {
        const count = reads[i]!.length
        await guard.check(tx, actor, out, answers.slice(at, at + count))
        at += count
      }
    },
  }
}
