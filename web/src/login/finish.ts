// After any successful sign-in: keep the session and go where the guard sent the user from.
import type { LoginResult } from '@pms/protocol'
import { afterLogin } from '../router/guard.ts'
import { acceptLogin } from '../session/store.ts'

export function finishLogin(result: LoginResult | undefined, navigate: (to: string) => void): void {
  if (!result?.access_token) return
  acceptLogin(result)
  navigate(afterLogin(location.search))
}
