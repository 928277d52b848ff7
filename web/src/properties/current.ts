// Which property a type-2 session acts in (SPEC §4 property switch rules).

export const NO_PROPERTY = 0

export interface PropertyRef {
  propertyId: number
}

/** After user info loads: the user's default when bound to it, else the last property in the list. */
export function resolveDefault(defaultId: number | null | undefined, list: readonly PropertyRef[]): number {
  if (defaultId && list.some((p) => p.propertyId === defaultId)) return defaultId
  return list[list.length - 1]?.propertyId ?? NO_PROPERTY
}

/** When the list reloads: keep the current one if present, else the first; an empty list resets to 0. */
export function reconcile(currentId: number, list: readonly PropertyRef[]): number {
  if (list.length === 0) return NO_PROPERTY
  if (list.some((p) => p.propertyId === currentId)) return currentId
  return list[0]!.propertyId
}

/** Paths where the property picker is not opened automatically (SPEC §2.4). */
export const NO_AUTO_PICKER = ['/propertyMain', '/pmsAllPropertyUserCardApply'] as const

export function shouldAutoOpenPicker(path: string, currentId: number, count: number): boolean {
  return currentId === NO_PROPERTY && count > 0 && !(NO_AUTO_PICKER as readonly string[]).includes(path)
}

/** SHA-256 of the token as lower-case hex; the server sends it so a session can tell its own switch. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Another session of the same user switched property: reload unless the message is our own. */
export function isForeignSwitch(messageHash: string, ownHash: string): boolean {
  return messageHash.toLowerCase() !== ownHash.toLowerCase()
}
