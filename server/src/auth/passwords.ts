// Password hashing with argon2id (DESIGN §4) and the password rules of SPEC §5 (6 to 20 characters).
import { hash, verify } from '@node-rs/argon2'

/** argon2id (the const enum of @node-rs/argon2 cannot be imported under verbatimModuleSyntax). */
const ARGON2ID = 2

export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 20

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID })

/** A hash of nothing, verified when the account does not exist so that timing does not reveal which accounts do. */
let decoy: Promise<string> | undefined
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy-password')
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
