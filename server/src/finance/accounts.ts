// The property's money accounts (cash drawer, bank accounts, WeChat Pay, Alipay, card terminal), each on a leaf
// subject. SPEC §6: without finance:fAccount:list the list-all call answers an empty list with 'no permission'.

import { hasPermission } from '@pms/protocol'
import type { AccountGroup, FinanceAccount } from '@pms/protocol/api/finance'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { fAccount, fSubject } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { leafSubject } from './chart.ts'
import { FinancePermission } from './menus.ts'
import { AccountFields } from './schemas.ts'
import { booksProperty } from './scope.ts'

export const ACCOUNT_LIST = `${FinancePermission.account}:list`

export function accountRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/finance/fAccount',
    table: fAccount,
    id: { column: fAccount.accountId, name: 'accountId' },
    entity: 'finance.entity.account',
    permission: FinancePermission.account,
    fields: AccountFields,
    filters: {
      accountName: { column: fAccount.accountName, match: 'like' },
      accountType: { column: fAccount.accountType, match: 'eq' },
      subjectId: { column: fAccount.subjectId, match: 'eq' },
    },
    propertyColumn: fAccount.propertyId,
    prepare: async (fields, { db, propertyId }) => {
      if (fields.subjectId !== undefined)
        await leafSubject(db, propertyId!, fields.subjectId as number, 'subjectId')
      return fields
    },
  })

  // Any signed-in user may call it; only finance:fAccount:list sees the accounts (SPEC §6).
  app.get('/finance/fAccount/listAll', { config: {} }, async (request) => {
    if (!hasPermission(authOf(request), [ACCOUNT_LIST], () => {})) return ok([], 'finance.noPermission')
    return ok(await accountGroups(db, booksProperty(request)))
  })
}

/** The property's accounts grouped by subject, in subject-code order. */
export async function accountGroups(db: Db, propertyId: number): Promise<AccountGroup[]> {
  const rows = await db
    .select({ account: fAccount, subjectName: fSubject.subjectName })
    .from(fAccount)
    .innerJoin(fSubject, eq(fSubject.subjectId, fAccount.subjectId))
    .where(eq(fAccount.propertyId, propertyId))
    .orderBy(asc(fSubject.subjectCode), asc(fAccount.accountId))
  const groups = new Map<number, AccountGroup>()
  for (const r of rows) {
    let group = groups.get(r.account.subjectId)
    if (!group) {
      group = { subjectId: r.account.subjectId, subjectName: r.subjectName, accounts: [] }
      groups.set(r.account.subjectId, group)
    }
    group.accounts.push({ ...(r.account as FinanceAccount), subjectName: r.subjectName })
  }
  return [...groups.values()]
}
