// Seeds what a fresh database needs: reference data always; the first platform administrator of a production
// install (password from PMS_ADMIN_PASSWORD or generated and shown once); the demo properties and accounts in the demo.
import { randomBytes } from 'node:crypto'
import { UserType } from '@pms/protocol'
import { eq } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords.ts'
import type { ServerConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { role, user, userRole } from '../db/schema/index.ts'
import { seedBase } from './base.ts'
import { seedDemo } from './demo.ts'

export async function seed(db: Db, config: ServerConfig): Promise<string[]> {
  await seedBase(db, { captchaDefault: config.demo ? false : config.captchaDefault })
  const [existing] = await db
    .select({ userId: user.userId })
    .from(user)
    .where(eq(user.userType, UserType.platform))
    .limit(1)
  if (existing) return []
  if (config.demo) {
    await seedDemo(db)
    return []
  }
  const password = config.adminPassword ?? randomBytes(9).toString('base64url')
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(user)
      .values({
        userName: 'admin',
        nickName: 'Administrator',
        password: await hashPassword(password),
        userType: UserType.platform,
      })
      .returning()
    const [superRole] = await tx.select().from(role).where(eq(role.roleKey, 'admin'))
    await tx.insert(userRole).values({ userId: admin!.userId, roleId: superRole!.roleId })
  })
  return config.adminPassword
    ? ['First platform administrator created: user admin, password from PMS_ADMIN_PASSWORD.']
    : [
        `First platform administrator created: user admin, password ${password} (shown once; change it after signing in).`,
      ]
}
