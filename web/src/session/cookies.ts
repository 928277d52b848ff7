// Cookie text helpers, pure so they can be tested without a document.

export function readCookie(cookieText: string, name: string): string | undefined {
  for (const part of cookieText.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}

/** A Set-Cookie style string for document.cookie; maxAgeSeconds 0 deletes. */
export function serializeCookie(name: string, value: string, maxAgeSeconds?: number): string {
  const age = maxAgeSeconds === undefined ? '' : `; max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`
  return `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${age}`
}
