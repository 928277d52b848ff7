// The revocation signal: one event source per opened server (never a module global: tests run several products in one
// process). Every place that ends a session or takes a property away from a user fires it after its change is stored;
// listeners (the embedded broker closing live connections, the session cache) react to it. A change of what sessions
// may do (roles, permissions, the property a user works in) fires it too, as `authorityChanged`: the sessions stay.

export const RevocationReason = {
  logout: 'logout',
  passwordChanged: 'passwordChanged',
  passwordReset: 'passwordReset',
  disabled: 'disabled',
  deleted: 'deleted',
  /** The user lost its binding to a property (removed from it, admin replaced, property deleted). */
  unbound: 'unbound',
  /** Roles, permissions or the current property changed: sessions stay, what they may do is read again. */
  authorityChanged: 'authorityChanged',
} as const
export type RevocationReason = (typeof RevocationReason)[keyof typeof RevocationReason]

export type Revocation = SessionRevocation | AuthorityChange

/** Sessions end (all of a user's, or the named ones), or a user loses a property. */
export interface SessionRevocation {
  userId: number
  /**
   * SHA-256 hashes (hex) of the revoked session tokens, when only some sessions end (logout, own password change). Absent:
   * every session and live connection of the user is affected.
   */
  tokenHashes?: string[]
  /** With `unbound`: the property the user no longer belongs to. */
  propertyId?: number
  reason: Exclude<RevocationReason, 'authorityChanged'>
}

/** What sessions may do changed: one user's (roles, bindings, current property) or, without a user, anyone's. */
export interface AuthorityChange {
  reason: 'authorityChanged'
  userId?: number
}

export type RevocationListener = (revocation: Revocation) => void

export class RevocationSignal {
  readonly #listeners = new Set<RevocationListener>()
  #onError: (error: unknown, revocation: Revocation) => void

  constructor(onError: (error: unknown, revocation: Revocation) => void = () => {}) {
    this.#onError = onError
  }

  /** Adds a listener; returns the function that removes it. */
  on(listener: RevocationListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Tells every listener, synchronously; a failing listener is reported and does not stop the others. */
  emit(revocation: Revocation): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(revocation)
      } catch (error) {
        this.#onError(error, revocation)
      }
    }
  }
}
