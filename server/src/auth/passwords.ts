// Password hashing with argon2id (DESIGN §4) and the password rules of SPEC §5 (6 to 20 characters).

/** argon2id (the const enum of @node-rs/argon2 cannot be imported under verbatimModuleSyntax). */
const ARGON2ID = 2

export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 20

/** The native argon2 module, loaded by the first sign-in or password change rather than at every start. */
const argon2 = () => import('@node-rs/argon2')

export const hashPassword = async (password: string) =>
  (await argon2()).hash(password, { algorithm: ARGON2ID })

/** A hash of nothing, verified when the account does not exist so that timing does not reveal which accounts do. */
let decoy: Promise<string> | undefined
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  const { verify } = await argon2()
  if (!stored) {
    decoy ??= hashPassword('decoy-password')
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
