// How a property is shown (SPEC §3): code fallback, type labels, flags, photos, authorisation, masked open key.
import type {
  PropertyAdminView,
  PropertyAuthState,
  PropertyFile,
  PropertyShowFlag,
  PropertyUserBrief,
  PropertyView,
  PropertyWithUsers,
} from '@pms/protocol/api/properties'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import {
  dictData,
  propertyComp,
  propertyCompLink,
  propertyFile,
  propertyUser,
  user,
} from '../db/schema/index.ts'
import type { PropertyRow } from './access.ts'

/** SPEC §3: a property without a code shows a fixed prefix plus its id zero-padded to 10 digits. */
export const PROPERTY_CODE_PREFIX = 'PMS'
export const displayCode = (row: { propertyId: number; propertyCode: string | null }) =>
  row.propertyCode || `${PROPERTY_CODE_PREFIX}${String(row.propertyId).padStart(10, '0')}`

/** Only the last 4 characters of a key are shown. */
export const maskKey = (key: string) =>
  key.length <= 4 ? '*'.repeat(key.length) : `${'*'.repeat(key.length - 4)}${key.slice(-4)}`

export function presentFile(row: typeof propertyFile.$inferSelect): PropertyFile {
  return { fileId: row.fileId, propertyId: row.propertyId, filePath: row.filePath, sort: row.sort }
}

export async function describe(db: Db, rows: PropertyRow[]): Promise<PropertyView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.propertyId)
  const [types, flags, files] = await Promise.all([
    db
      .select()
      .from(dictData)
      .where(and(eq(dictData.dictType, 'pms_property_type'), eq(dictData.status, '0'))),
    db
      .select({ propertyId: propertyCompLink.propertyId, component: propertyComp.component })
      .from(propertyCompLink)
      .innerJoin(propertyComp, eq(propertyComp.id, propertyCompLink.compId))
      .where(
        and(
          inArray(propertyCompLink.propertyId, ids),
          eq(propertyComp.compType, 99),
          eq(propertyComp.status, '0'),
        ),
      ),
    db
      .select()
      .from(propertyFile)
      .where(inArray(propertyFile.propertyId, ids))
      .orderBy(asc(propertyFile.sort), asc(propertyFile.fileId)),
  ])
  return rows.map((r) => {
    const propertyTypes = r.propertyType ? r.propertyType.split(',').filter(Boolean) : []
    return {
      propertyId: r.propertyId,
      propertyName: r.propertyName,
      propertyCode: displayCode(r),
      propertyCodeDerived: !r.propertyCode,
      address: r.address,
      contact: r.contact,
      contactPhone: r.contactPhone,
      hotelManager: r.hotelManager,
      hotelManagerPhone: r.hotelManagerPhone,
      propertyTypes,
      types: propertyTypes.map((v) => types.find((t) => t.dictValue === v)?.dictLabel ?? v),
      flags: flags.filter((f) => f.propertyId === r.propertyId).map((f) => f.component),
      fileList: files.filter((f) => f.propertyId === r.propertyId).map(presentFile),
      authState: String(r.authState) as PropertyAuthState,
      authRemark: r.authRemark,
      showFlag: String(r.showFlag) as PropertyShowFlag,
      createBy: r.createBy ?? null,
      createTime: r.createTime.toISOString(),
    }
  })
}

/** What platform admins read: the view plus the masked open key. */
export async function describeForAdmin(db: Db, rows: PropertyRow[]): Promise<PropertyAdminView[]> {
  const views = await describe(db, rows)
  return views.map((v, i) => ({ ...v, openKey: maskKey(rows[i]!.openKey) }))
}

/** The admin-or-creator list: each property with its bound users and the console's list-helper fields. */
export async function describeWithUsers(db: Db, rows: PropertyRow[]): Promise<PropertyWithUsers[]> {
  const views = await describe(db, rows)
  const ids = rows.map((r) => r.propertyId)
  const bound = ids.length
    ? await db
        .select({
          propertyId: propertyUser.propertyId,
          userId: user.userId,
          userName: user.userName,
          nickName: user.nickName,
          admin: propertyUser.isAdmin,
        })
        .from(propertyUser)
        .innerJoin(user, eq(user.userId, propertyUser.userId))
        .where(and(inArray(propertyUser.propertyId, ids), eq(user.delFlag, false)))
        .orderBy(asc(user.userId))
    : []
  return views.map((v) => ({
    ...v,
    users: bound
      .filter((b) => b.propertyId === v.propertyId)
      .map(
        ({ userId, userName, nickName, admin }): PropertyUserBrief => ({ userId, userName, nickName, admin }),
      ),
    usersLoading: false as const,
    activeNames: [],
  }))
}
