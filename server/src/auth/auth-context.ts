// Who is calling: the session, the user and the property it acts in, with the user's authority there.
import type { UserType } from '@pms/protocol'
import type { Authority } from './authority.ts'

export interface AuthContext extends Authority {
  sessionId: number
  tokenHash: string
  userId: number
  userName: string
  userType: UserType
  /** The property this session acts in (0: none). Derived on the server, never taken from the client. */
  propertyId: number
}
