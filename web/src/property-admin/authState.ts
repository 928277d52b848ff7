// How a property's authorisation state is named and coloured (SPEC §4), and whether its owner may (re)apply.
import { PROPERTY_APPLY_FROM, PropertyAuthState } from '@pms/protocol/api/properties'

const NAMES = {
  [PropertyAuthState.unauthorized]: 'unauthorized',
  [PropertyAuthState.toBeReviewed]: 'toBeReviewed',
  [PropertyAuthState.authorized]: 'authorized',
  [PropertyAuthState.refused]: 'refused',
} as const satisfies Record<PropertyAuthState, string>

const PALETTES = {
  [PropertyAuthState.unauthorized]: 'gray',
  [PropertyAuthState.toBeReviewed]: 'orange',
  [PropertyAuthState.authorized]: 'green',
  [PropertyAuthState.refused]: 'red',
} as const satisfies Record<PropertyAuthState, string>

export const AUTH_STATES = Object.values(PropertyAuthState)

export const authStateKey = (state: PropertyAuthState) => `propertyConsole.auth.state.${NAMES[state]}`
export const authStatePalette = (state: PropertyAuthState) => PALETTES[state]

/** The owner applies from unauthorized and reapplies after a refusal. */
export function applyAction(state: PropertyAuthState): 'apply' | 'reapply' | null {
  if (!PROPERTY_APPLY_FROM.includes(state)) return null
  return state === PropertyAuthState.refused ? 'reapply' : 'apply'
}
