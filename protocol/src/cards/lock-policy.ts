// The door lock's decision: given its state and a presented card, accept or refuse with a reason, and the new state.
import type { CardDecodeResult, CardFields } from './card-fields.ts'
import { CardFlag, CardType } from './card-types.ts'

/** What a lock remembers between cards. Immutable: a decision returns the next state. */
export interface LockPolicyState {
  propertyId: number
  buildingId: number
  floorId: number
  /** The room (or lock id) this lock guards. */
  roomId: number
  /** Highest guest issue sequence accepted with SUPERSEDE, per room: lower guest cards are refused. */
  guestSequence: Readonly<Record<number, number>>
  /** Card numbers reported lost. */
  blacklist: readonly number[]
  /** Per room, the issue sequence of the checkout card applied: guest cards at or below it are refused. */
  checkoutMark: Readonly<Record<number, number>>
  /** Deadbolt thrown from inside: only DEADBOLT_OVERRIDE cards (and emergency cards) open. */
  deadbolted: boolean
}

export const RefusalReason = {
  expired: 'expired',
  notYetValid: 'not-yet-valid',
  wrongRoom: 'wrong-room',
  foreignProperty: 'foreign-property',
  superseded: 'superseded',
  blacklisted: 'blacklisted',
  checkedOut: 'checked-out',
  tampered: 'tampered',
  unreadable: 'unreadable',
  deadbolted: 'deadbolted',
  notForLocks: 'not-for-locks',
} as const
export type RefusalReason = (typeof RefusalReason)[keyof typeof RefusalReason]

/** What an accepted card did besides (or instead of) opening the door. */
export type LockEffect =
  | 'opened'
  | 'sequence-raised'
  | 'checked-out'
  | 'blacklisted'
  | 'unblacklisted'
  | 'cleared'
  | 'clock-set'

export type LockDecision =
  | { outcome: 'accept'; opens: boolean; effect: LockEffect; state: LockPolicyState; clockSetTo?: number }
  | { outcome: 'refuse'; reason: RefusalReason; state: LockPolicyState }

export function newLockPolicyState(ids: {
  propertyId: number
  buildingId: number
  floorId: number
  roomId: number
}): LockPolicyState {
  return { ...ids, guestSequence: {}, blacklist: [], checkoutMark: {}, deadbolted: false }
}

/** The language-pack key of a refusal reason. */
export function refusalReasonKey(reason: RefusalReason): string {
  switch (reason) {
    case 'expired':
      return 'card.refuse.expired'
    case 'not-yet-valid':
      return 'card.refuse.notYetValid'
    case 'wrong-room':
      return 'card.refuse.wrongRoom'
    case 'foreign-property':
      return 'card.refuse.foreignProperty'
    case 'superseded':
      return 'card.refuse.superseded'
    case 'blacklisted':
      return 'card.refuse.blacklisted'
    case 'checked-out':
      return 'card.refuse.checkedOut'
    case 'tampered':
      return 'card.refuse.tampered'
    case 'unreadable':
      return 'card.refuse.unreadable'
    case 'deadbolted':
      return 'card.refuse.deadbolted'
    case 'not-for-locks':
      return 'card.refuse.notForLocks'
  }
}

/** How far a card reaches: one room, a floor, a building, or the whole property. */
type Scope = 'room' | 'floor' | 'building' | 'property'

/** The scope of each card type a lock acts on; other types are refused as not for locks. Data, not ifs. */
const LOCK_CARD_SCOPE: Partial<Record<CardType, Scope | 'by-ids'>> = {
  [CardType.GUEST]: 'room',
  [CardType.CHECKOUT]: 'room',
  [CardType.FLOOR]: 'floor',
  [CardType.BUILDING]: 'building',
  [CardType.CHIEF]: 'property',
  [CardType.EMERGENCY]: 'property',
  [CardType.LOST]: 'property',
  [CardType.UN_LOST]: 'property',
  [CardType.CLEAR]: 'room',
  [CardType.TIME]: 'property',
  [CardType.STAFF]: 'by-ids',
  [CardType.CLEANER]: 'by-ids',
}

/** For staff and cleaner cards the ids say the scope: room id 0 → floor, floor 0 → building, building 0 → property. */
function scopeOf(card: CardFields, declared: Scope | 'by-ids'): Scope {
  if (declared !== 'by-ids') return declared
  if (card.buildingId === 0) return 'property'
  if (card.floorId === 0) return 'building'
  if (card.roomId === 0) return 'floor'
  return 'room'
}

function inScope(lock: LockPolicyState, card: CardFields, scope: Scope): boolean {
  switch (scope) {
    case 'property':
      return true
    case 'building':
      return card.buildingId === lock.buildingId
    case 'floor':
      return card.buildingId === lock.buildingId && card.floorId === lock.floorId
    case 'room':
      return card.roomId === lock.roomId
  }
}

/**
 * Decides a presented card at time `now` (unix seconds of the lock's clock). Checks run in a fixed order:
 * readable and authentic, this property, not blacklisted, inside its window, in scope, then per-type rules.
 */
export function decideCard(lock: LockPolicyState, presented: CardDecodeResult, now: number): LockDecision {
  const refuse = (reason: RefusalReason): LockDecision => ({ outcome: 'refuse', reason, state: lock })
  if (!presented.ok) {
    switch (presented.reason) {
      case 'foreign':
        return refuse('foreign-property')
      case 'tampered':
        return refuse('tampered')
      case 'blank':
      case 'malformed':
      case 'unknown-format':
      case 'unsupported-version':
        return refuse('unreadable')
    }
  }
  const card = presented.fields
  if (card.propertyId !== lock.propertyId) return refuse('foreign-property')
  const declared = LOCK_CARD_SCOPE[card.cardType]
  if (declared === undefined) return refuse('not-for-locks')
  if (card.cardNo !== 0 && lock.blacklist.includes(card.cardNo)) return refuse('blacklisted')
  // A time card exists to fix a wrong clock, so the clock cannot judge its window.
  if (card.cardType !== CardType.TIME) {
    if (now < card.validFrom) return refuse('not-yet-valid')
    if (now > card.validUntil) return refuse('expired')
  }
  if (!inScope(lock, card, scopeOf(card, declared))) return refuse('wrong-room')
  const accept = (effect: LockEffect, opens: boolean, state = lock, clockSetTo?: number): LockDecision =>
    clockSetTo === undefined
      ? { outcome: 'accept', opens, effect, state }
      : { outcome: 'accept', opens, effect, state, clockSetTo }
  const opensThroughDeadbolt = (card.flags & CardFlag.DEADBOLT_OVERRIDE) !== 0

  switch (card.cardType) {
    case CardType.GUEST: {
      const room = card.roomId
      if (card.issueSequence <= (lock.checkoutMark[room] ?? -1)) return refuse('checked-out')
      if (card.issueSequence < (lock.guestSequence[room] ?? 0)) return refuse('superseded')
      if (lock.deadbolted && !opensThroughDeadbolt) return refuse('deadbolted')
      const raises =
        (card.flags & CardFlag.SUPERSEDE) !== 0 && card.issueSequence > (lock.guestSequence[room] ?? 0)
      if (!raises) return accept('opened', true)
      return accept('sequence-raised', true, {
        ...lock,
        guestSequence: { ...lock.guestSequence, [room]: card.issueSequence },
      })
    }
    case CardType.CHECKOUT:
      return accept('checked-out', false, {
        ...lock,
        checkoutMark: { ...lock.checkoutMark, [card.roomId]: card.issueSequence },
      })
    case CardType.LOST:
      if (card.targetCardNo === 0 || lock.blacklist.includes(card.targetCardNo))
        return accept('blacklisted', false)
      return accept('blacklisted', false, { ...lock, blacklist: [...lock.blacklist, card.targetCardNo] })
    case CardType.UN_LOST:
      return accept('unblacklisted', false, {
        ...lock,
        blacklist: lock.blacklist.filter((n) => n !== card.targetCardNo),
      })
    case CardType.CLEAR:
      return accept('cleared', false, { ...lock, guestSequence: {}, checkoutMark: {}, blacklist: [] })
    case CardType.TIME:
      return accept('clock-set', false, lock, card.validFrom)
    case CardType.EMERGENCY:
      return accept('opened', true)
    default:
      if (lock.deadbolted && !opensThroughDeadbolt) return refuse('deadbolted')
      return accept('opened', true)
  }
}
