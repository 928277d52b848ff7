// The lock card types the issuing screen offers (SPEC §3) and what each must be tied to, as data.
import { CardFlag, CardType, type CardTypeName, hasPermission } from '@pms/protocol'
import { needsStaffIssue, STAFF_CARD_PERMISSION } from '@pms/protocol/api/card-issue'

/**
 * room: one room (required); floor: one floor; building: one building; floors: elevator floors (one or more);
 * target: the card number a lost/un-lost card acts on; optional: building, floor or room, any of them, or none;
 * property: the whole property.
 */
export type CardScope = 'room' | 'floor' | 'building' | 'floors' | 'target' | 'optional' | 'property'

export interface CardKind {
  name: CardTypeName
  value: CardType
  scope: CardScope
  /** Flags ticked when the type is chosen. */
  defaultFlags: number
  /** A guest card belongs to a stay: the server takes its guest and validity from it (SPEC §8: no guest card without guest information). */
  needsStay: boolean
  /** Not one of the desk's own cards: its own permission and a reason (protocol needsStaffIssue). */
  needsReason: boolean
}

const kind = (name: CardTypeName, scope: CardScope, defaultFlags = 0): CardKind => ({
  name,
  value: CardType[name],
  scope,
  defaultFlags,
  needsStay: name === 'GUEST',
  needsReason: needsStaffIssue(CardType[name]),
})

export const LOCK_CARD_KINDS: readonly CardKind[] = [
  kind('GUEST', 'room', CardFlag.SUPERSEDE),
  kind('CHECKOUT', 'room'),
  kind('LOST', 'target'),
  kind('UN_LOST', 'target'),
  kind('CLEAR', 'room'),
  kind('TIME', 'property'),
  kind('INSTALL', 'optional'),
  kind('FLOOR', 'floor'),
  kind('BUILDING', 'building'),
  kind('CHIEF', 'property'),
  kind('STAFF', 'optional'),
  kind('CLEANER', 'optional'),
  kind('EMERGENCY', 'property', CardFlag.DEADBOLT_OVERRIDE),
  kind('ELEVATOR', 'floors', CardFlag.ELEVATOR),
  kind('LOCK_SETTING', 'optional'),
]

export function cardKind(value: number): CardKind | undefined {
  return LOCK_CARD_KINDS.find((k) => k.value === value)
}

/** Language-pack key of a card type's name; types outside the lock list still get a name. */
export function cardTypeLabelKey(name: string): string {
  return `cardConsole.type.${name}`
}

/** The kinds a user may issue (and look for): all but the desk's own cards need the staff card permission. */
export function kindsFor(permissions: readonly string[]): readonly CardKind[] {
  if (hasPermission({ permissions }, [STAFF_CARD_PERMISSION])) return LOCK_CARD_KINDS
  return LOCK_CARD_KINDS.filter((k) => !k.needsReason)
}
