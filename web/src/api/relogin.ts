// Only one re-login dialog may be open at a time, however many calls answer 401 together (SPEC §4).
let open = false

/** Returns true when the caller may open the dialog; later callers get false until it closes. */
export function claimReloginDialog(): boolean {
  if (open) return false
  open = true
  return true
}

export function releaseReloginDialog(): void {
  open = false
}

/** After confirming: reload unless the user is already on the login page. */
export function shouldReloadAfterRelogin(pathname: string): boolean {
  return pathname !== '/login'
}
