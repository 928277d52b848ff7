// The signed-in session: user info, menu tree and current property, loaded once after sign-in (SPEC §2.2, §4).
import type { LoginResult, Result, UserInfo } from '@pms/protocol'
import { useSyncExternalStore } from 'react'
import { authApi, unwrapUserInfo } from '../api/auth.ts'
import { type PropertyItem, propertyApi } from '../api/system.ts'
import { NO_PROPERTY, reconcile, resolveDefault } from '../properties/current.ts'
import { buildMenu, type MenuNode } from '../router/menu.ts'
import { setDisplayZone } from '../ui/format.ts'
import { getUserType, removeToken, setToken, setUserType } from './token.ts'

/**
 * Whether the console has a screen for a menu component. The app sets it from the screen registry at start
 * (app/App.tsx); until then no screen counts as built, so an unbuilt screen can never reach the menu. Set from
 * outside rather than imported, because the registry's screens import this store.
 */
let screenBuilt: (component: string) => boolean = () => false
export function setScreenCatalog(isBuilt: (component: string) => boolean): void {
  screenBuilt = isBuilt
}

export interface SessionState {
  status: 'idle' | 'loading' | 'ready'
  info: UserInfo | null
  menu: MenuNode[]
  properties: PropertyItem[]
  propertiesLoading: boolean
  propertyId: number
  /** Component flags of the current property, e.g. PmsApartmentCheckIn. */
  flags: string[]
  /** The current property's open business date (null without a property): the console's default dates. */
  businessDate: string | null
  /** The current property's IANA time zone (null without a property): the console's "now" on the hotel's clock. */
  timeZone: string | null
  /** The current property's daily check-out time, 'HH:mm' (null without a property): a key card's default end. */
  checkOutTime: string | null
}

const initial: SessionState = {
  status: 'idle',
  info: null,
  menu: [],
  properties: [],
  propertiesLoading: false,
  propertyId: NO_PROPERTY,
  flags: [],
  businessDate: null,
  timeZone: null,
  checkOutTime: null,
}

let state = initial
const listeners = new Set<() => void>()

function set(patch: Partial<SessionState>) {
  state = { ...state, ...patch }
  // Instants are shown on the current property's clock (ui/format.ts), the browser's without one.
  if ('timeZone' in patch) setDisplayZone(state.timeZone)
  for (const l of listeners) l()
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get)
}

/** Stores a fresh login result. */
export function acceptLogin(result: LoginResult): void {
  setToken(result.access_token, result.expires_in)
  setUserType(result.userType)
  set(initial)
}

/** Clears the local session: token, roles, permissions, dept and menus (SPEC §4). */
export function localLogout(): void {
  removeToken()
  set(initial)
}

let loading: Promise<void> | null = null

/**
 * getInfo and getRouters (SPEC §2.2), with the properties of a property user, asked together: none needs another's
 * answer, and one after the other they were five trips to the server before the first screen could draw. A failed
 * route load is logged, forces a local logout and goes to / (SPEC §2.2).
 */
export function loadSession(): Promise<void> {
  if (loading) return loading
  set({ status: 'loading' })
  loading = (async () => {
    try {
      // The user type stored at sign-in says whether the properties will be wanted; getInfo confirms it below.
      const properties = getUserType() === 1 ? undefined : propertyApi.listAll(true)
      properties?.catch(() => {}) // read (and its failure reported) below
      const [infoBody, routes] = await Promise.all([authApi.getInfo(), authApi.getRouters()])
      const info = unwrapUserInfo(infoBody)
      setUserType(info.user.userType)
      set({
        info,
        menu: buildMenu(routes.data ?? [], screenBuilt),
        propertyId: info.user.defaultPropertyId || NO_PROPERTY,
      })
      if (info.user.userType !== 1)
        await loadProperties(true, properties).catch((e) => console.error('loading properties failed', e))
      set({ status: 'ready' })
    } catch (error) {
      console.error('loading the session failed', error)
      localLogout()
      location.assign('/')
    } finally {
      loading = null
    }
  })()
  return loading
}

/** Loads the user's properties; the first load resolves the default, later loads reconcile (SPEC §4). */
export async function loadProperties(
  first = false,
  asked: Promise<Result<PropertyItem[]>> = propertyApi.listAll(first),
): Promise<void> {
  set({ propertiesLoading: true })
  try {
    // The first load is quiet: a failure leaves the session's own property in place.
    const list = (await asked).data ?? []
    const userDefault = state.info?.user.defaultPropertyId
    const propertyId = first ? resolveDefault(userDefault, list) : reconcile(state.propertyId, list)
    set({ properties: list, propertyId })
    if (propertyId) {
      // Both read the server's current property: asked together.
      const [info] = await Promise.all([propertyApi.info().catch(() => null), refreshBusinessDate()])
      set({ flags: info?.data?.flags ?? list.find((p) => p.propertyId === propertyId)?.flags ?? [] })
    }
  } finally {
    set({ propertiesLoading: false })
  }
}

/** Re-reads the current property's business date and zone (after sign-in, and after a night audit moved it). */
export async function refreshBusinessDate(): Promise<void> {
  const res = await authApi.businessDay().catch(() => null)
  set({
    businessDate: res?.data?.businessDate ?? null,
    timeZone: res?.data?.timeZone ?? null,
    checkOutTime: res?.data?.checkOutTime ?? null,
  })
}

export function currentProperty(s: SessionState): PropertyItem | undefined {
  return s.properties.find((p) => p.propertyId === s.propertyId)
}

/** Re-reads the user (after a profile or avatar change) without reloading the menus. */
export async function refreshInfo(): Promise<void> {
  const info = unwrapUserInfo(await authApi.getInfo())
  set({ info })
}
