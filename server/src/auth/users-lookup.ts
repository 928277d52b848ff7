// Finds a live account by user name, email or phone.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { user } from '../db/schema/index.ts'

const live = eq(user.delFlag, false)

export async function findByUserName(db: Db, userName: string) {
  const [row] = await db
    .select()
    .from(user)
    .where(and(sql`lower(${user.userName}) = ${userName.toLowerCase()}`, live))
  return row
}

export async function findByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(user)
    .where(and(sql`lower(${user.email}) = ${email.toLowerCase()}`, live))
  return row
}

export async function findByPhone(db: Db, phone: string) {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.phonenumber, phone), live))
  return row
}
