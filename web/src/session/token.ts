// Session values kept in cookies (SPEC §3): token, its expiry and the user type.
import { TOKEN_EXPIRES_IN } from '@pms/protocol'
import { readCookie, serializeCookie } from './cookies.ts'

const TOKEN_KEY = 'Admin-Token'
const EXPIRES_KEY = 'Admin-Expires-In'
const USER_TYPE_KEY = 'User-Type'

function read(name: string): string | undefined {
  return readCookie(document.cookie, name)
}

export function getToken(): string | undefined {
  return read(TOKEN_KEY) || undefined
}

/** Stores the token and its expiry (seconds); the cookies live as long as the session does. */
export function setToken(token: string, expiresIn = TOKEN_EXPIRES_IN): void {
  document.cookie = serializeCookie(TOKEN_KEY, token, expiresIn)
  document.cookie = serializeCookie(EXPIRES_KEY, String(expiresIn), expiresIn)
}

/** How often the cookies are pushed forward: the server slides a session at most once a minute too. */
const SLIDE_EVERY_MS = 60_000
let slidAt = 0

/**
 * The server keeps a session alive while it is used (sliding expiry, server/src/auth/sessions.ts); the cookies that
 * hold its token follow, at most once a minute, after an authenticated call the server answered while someone is at
 * the console (session/attention.ts) — so a desk in use all day is not signed out twelve hours after its sign-in while
 * its session is still alive.
 */
export function slideToken(now = Date.now()): void {
  const token = getToken()
  if (!token || now - slidAt < SLIDE_EVERY_MS) return
  slidAt = now
  setToken(token)
}

export function getExpiresIn(): number | undefined {
  const v = read(EXPIRES_KEY)
  return v ? Number(v) : undefined
}

export function getUserType(): number | undefined {
  const v = read(USER_TYPE_KEY)
  return v ? Number(v) : undefined
}

/** The user type outlives the token so an expired type-1 session is sent to /admin (SPEC §2.2). */
export function setUserType(userType: number): void {
  document.cookie = serializeCookie(USER_TYPE_KEY, String(userType), 365 * 24 * 3600)
}

export function removeToken(): void {
  document.cookie = serializeCookie(TOKEN_KEY, '', 0)
  document.cookie = serializeCookie(EXPIRES_KEY, '', 0)
}
