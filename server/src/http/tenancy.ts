// Tenancy: a type-2 user acts only inside its current property, which the server derives from the session.
import { UserType } from '@pms/protocol'
import type { AuthContext } from '../auth/sessions.ts'
import { AppError, forbidden } from './errors.ts'

/**
 * The property a request acts in. Staff (type 2) always get their session's property; a platform user (type 1)
 * may name one explicitly (`requested`), otherwise none.
 */
export function propertyScope(auth: AuthContext, requested?: number): number | undefined {
  if (auth.userType === UserType.platform) return requested && requested > 0 ? requested : undefined
  if (!auth.propertyId) throw new AppError(400, 'property.noneSelected')
  if (requested && requested !== auth.propertyId) throw forbidden()
  return auth.propertyId
}

/** Same as propertyScope, but a property is required for everyone. */
export function requireProperty(auth: AuthContext, requested?: number): number {
  const id = propertyScope(auth, requested)
  if (!id) throw new AppError(400, 'property.noneSelected')
  return id
}
