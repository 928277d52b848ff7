// Users (SPEC §7): getInfo, list/get/add/edit/delete, resetPwd, changeStatus. Platform users manage every account;
// a property administrator manages the staff of its current property only.
import { hasPermission, type UserInfo, UserType } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { loadAuthority } from '../auth/authority.ts'
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from '../auth/passwords.ts'
import { RevocationReason } from '../auth/revocations.ts'
import { type AuthContext, revokePropertySessions, revokeUserSessions } from '../auth/sessions.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { propertyUser, role, user, userRole } from '../db/schema/index.ts'
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok, page, paging } from '../http/reply.ts'
import { Id, IdParam, IdsParam, PageQuery, parseIds } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'

type UserRow = typeof user.$inferSelect

export function presentUser(row: UserRow) {
  const { password: _hidden, delFlag: _deleted, ...rest } = row
  return rest
}

const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
const UserFields = {
  nickName: Type.String({ minLength: 1, maxLength: 30 }),
  email: Type.Optional(
    Type.Union([Type.String({ maxLength: 100, format: 'email' }), Type.Literal(''), Type.Null()]),
  ),
  phonenumber: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 30, pattern: '^\\d{4}-\\d{6,13}$' }),
      Type.Literal(''),
      Type.Null(),
    ]),
  ),
  sex: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')])),
  status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
  /** Global roles (platform users only). */
  roleIds: Type.Optional(Type.Array(Id(), { maxItems: 20 })),
  /** The role held in the current property (property administrators adding staff). */
  roleId: Type.Optional(Id()),
}
const AddUser = Type.Object({
  userName: Type.String({ minLength: 2, maxLength: 30, pattern: '^[A-Za-z0-9_.@-]+$' }),
  password: Password,
  userType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  ...UserFields,
})
const EditUser = Type.Object({
  userId: Id(),
  ...Type.Partial(Type.Object(UserFields)).properties,
})
const UserQuery = Type.Composite([
  PageQuery,
  Type.Object({
    userName: Type.Optional(Type.String({ maxLength: 30 })),
    phonenumber: Type.Optional(Type.String({ maxLength: 30 })),
    status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    userType: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  }),
])

const emptyToNull = (v: string | null | undefined) => (v === '' ? null : v)

/** Users this caller may see: all for platform users; the current property's staff for property administrators. */
function scopeCondition(auth: AuthContext): SQL {
  const live = eq(user.delFlag, false)
  if (auth.userType === UserType.platform) return live
  const propertyId = requireProperty(auth)
  return and(
    live,
    inArray(
      user.userId,
      sql`(SELECT ${propertyUser.userId} FROM ${propertyUser} WHERE ${propertyUser.propertyId} = ${propertyId})`,
    ),
  )!
}

async function findInScope(db: Db, auth: AuthContext, userId: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.userId, userId), scopeCondition(auth)))
  if (!row) throw notFound('entity.user')
  return row
}

/**
 * May the caller manage the whole account (password, status, profile, other bindings)? Platform users may. A property
 * administrator may only when every property the account is bound to is one where the caller holds `permission`;
 * otherwise it manages the account's binding and role in its own property only (an account that also works for
 * another property is not its to take over).
 */
async function managesWholeAccount(
  db: Db,
  auth: AuthContext,
  target: UserRow,
  permission: string,
): Promise<boolean> {
  if (auth.userType === UserType.platform) return true
  if (target.userType !== UserType.registered) return false
  const bindings = await db
    .select({ propertyId: propertyUser.propertyId })
    .from(propertyUser)
    .where(eq(propertyUser.userId, target.userId))
  for (const { propertyId } of bindings) {
    const authority = propertyId === auth.propertyId ? auth : await loadAuthority(db, auth.userId, propertyId)
    const callerBound =
      propertyId === auth.propertyId ||
      (
        await db
          .select({ userId: propertyUser.userId })
          .from(propertyUser)
          .where(and(eq(propertyUser.userId, auth.userId), eq(propertyUser.propertyId, propertyId)))
      ).length > 0
    if (!callerBound || !hasPermission(authority, [permission], () => {})) return false
  }
  return true
}

async function requireWholeAccount(db: Db, auth: AuthContext, target: UserRow, permission: string) {
  if (!(await managesWholeAccount(db, auth, target, permission))) throw forbidden('user.sharedAccount')
}

/** A property administrator may hand out property roles only; platform users any role. */
async function checkRoles(db: Db, auth: AuthContext, roleIds: number[]) {
  if (roleIds.length === 0) return
  const rows = await db.select().from(role).where(inArray(role.roleId, roleIds))
  if (rows.length !== new Set(roleIds).size) throw badRequest('user.roleUnknown')
  if (
    auth.userType !== UserType.platform &&
    rows.some((r) => r.roleType !== 2 || r.roleKey === 'sys_mch_admin')
  )
    throw badRequest('user.roleNotAllowed')
}

export function userRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  app.get('/system/user/getInfo', async (request) => {
    const auth = authOf(request)
    const [row] = await db.select().from(user).where(eq(user.userId, auth.userId))
    const info: UserInfo = {
      user: {
        userId: row!.userId,
        userName: row!.userName,
        nickName: row!.nickName,
        email: row!.email ?? '',
        phonenumber: row!.phonenumber ?? '',
        avatar: row!.avatar,
        userType: row!.userType as UserType,
        dept: row!.deptName ? { deptName: row!.deptName } : null,
        defaultPropertyId: auth.propertyId,
      },
      roles: auth.roles,
      pRoles: auth.pRoles,
      permissions: auth.permissions,
    }
    return ok(info)
  })

  app.get(
    '/system/user/list',
    { config: { permission: 'system:user:list' }, schema: { querystring: UserQuery } },
    async (request) => {
      const auth = authOf(request)
      const q = request.query as Static<typeof UserQuery>
      const conditions: SQL[] = [scopeCondition(auth)]
      if (q.userName) conditions.push(ilike(user.userName, `%${q.userName.replace(/[\\%_]/g, '\\$&')}%`))
      if (q.phonenumber)
        conditions.push(ilike(user.phonenumber, `%${q.phonenumber.replace(/[\\%_]/g, '\\$&')}%`))
      if (q.status) conditions.push(eq(user.status, q.status))
      if (q.userType) conditions.push(eq(user.userType, q.userType))
      const where = and(...conditions)
      const { limit, offset } = paging(q)
      const rows = await db
        .select()
        .from(user)
        .where(where)
        .orderBy(asc(user.userId))
        .limit(limit)
        .offset(offset)
      const [{ total }] = (await db.select({ total: count() }).from(user).where(where)) as [{ total: number }]
      return page(rows.map(presentUser), Number(total))
    },
  )

  app.get(
    '/system/user/:id',
    { config: { permission: 'system:user:query' }, schema: { params: IdParam } },
    async (request) => {
      const auth = authOf(request)
      const row = await findInScope(db, auth, (request.params as { id: number }).id)
      const roleIds = (
        await db.select({ roleId: userRole.roleId }).from(userRole).where(eq(userRole.userId, row.userId))
      ).map((r) => r.roleId)
      const [binding] = auth.propertyId
        ? await db
            .select({ roleId: propertyUser.roleId })
            .from(propertyUser)
            .where(and(eq(propertyUser.userId, row.userId), eq(propertyUser.propertyId, auth.propertyId)))
        : []
      return ok({ ...presentUser(row), roleIds, roleId: binding?.roleId ?? null })
    },
  )

  app.post(
    '/system/user',
    { config: { permission: 'system:user:add' }, schema: { body: AddUser } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof AddUser>
      const platform = auth.userType === UserType.platform
      const userType = platform ? (body.userType ?? UserType.registered) : UserType.registered
      const propertyId = platform ? 0 : requireProperty(auth)
      await checkRoles(db, auth, [
        ...(platform ? (body.roleIds ?? []) : []),
        ...(body.roleId ? [body.roleId] : []),
      ])
      const passwordHash = await hashPassword(body.password)
      const created = await db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: user.userId })
          .from(user)
          .where(and(sql`lower(${user.userName}) = ${body.userName.toLowerCase()}`, eq(user.delFlag, false)))
        if (taken) throw conflict('auth.userNameTaken', [body.userName])
        const [row] = await tx
          .insert(user)
          .values({
            userName: body.userName,
            nickName: body.nickName,
            email: emptyToNull(body.email),
            phonenumber: emptyToNull(body.phonenumber),
            sex: body.sex ?? '2',
            status: body.status ?? '0',
            remark: body.remark ?? '',
            password: passwordHash,
            userType,
            createBy: auth.userId,
            defaultPropertyId: propertyId,
          })
          .returning()
        if (platform && body.roleIds?.length)
          await tx.insert(userRole).values(body.roleIds.map((roleId) => ({ userId: row!.userId, roleId })))
        if (propertyId)
          await tx
            .insert(propertyUser)
            .values({ propertyId, userId: row!.userId, roleId: body.roleId ?? null })
        return row!
      })
      return ok(presentUser(created), 'common.addSuccess')
    },
  )

  app.put(
    '/system/user',
    { config: { permission: 'system:user:edit' }, schema: { body: EditUser } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof EditUser>
      const existing = await findInScope(db, auth, body.userId)
      const platform = auth.userType === UserType.platform
      // The console sends the whole form: only fields that actually change the account need the whole account.
      const changesAccount = (
        [
          ['nickName', body.nickName, existing.nickName],
          ['email', body.email === undefined ? undefined : emptyToNull(body.email), existing.email],
          [
            'phonenumber',
            body.phonenumber === undefined ? undefined : emptyToNull(body.phonenumber),
            existing.phonenumber,
          ],
          ['sex', body.sex, existing.sex],
          ['status', body.status, existing.status],
          ['remark', body.remark, existing.remark],
        ] as const
      ).some(([, sent, current]) => sent !== undefined && sent !== current)
      if (changesAccount) await requireWholeAccount(db, auth, existing, 'system:user:edit')
      await checkRoles(db, auth, [
        ...(platform ? (body.roleIds ?? []) : []),
        ...(body.roleId ? [body.roleId] : []),
      ])
      if (body.status === '1' && existing.userId === auth.userId) throw badRequest('user.cannotDisableSelf')
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(user)
          .set({
            nickName: body.nickName,
            email: body.email === undefined ? undefined : emptyToNull(body.email),
            phonenumber: body.phonenumber === undefined ? undefined : emptyToNull(body.phonenumber),
            sex: body.sex,
            status: body.status,
            remark: body.remark,
            updateTime: new Date(),
          })
          .where(eq(user.userId, body.userId))
          .returning()
        if (platform && body.roleIds) {
          await tx.delete(userRole).where(eq(userRole.userId, body.userId))
          if (body.roleIds.length)
            await tx.insert(userRole).values(body.roleIds.map((roleId) => ({ userId: body.userId, roleId })))
        }
        if (!platform && body.roleId !== undefined)
          await tx
            .update(propertyUser)
            .set({ roleId: body.roleId })
            .where(and(eq(propertyUser.userId, body.userId), eq(propertyUser.propertyId, auth.propertyId)))
        return row!
      })
      if (body.status === '1') await revokeUserSessions(ctx, body.userId, RevocationReason.disabled)
      else if ((platform && body.roleIds) || (!platform && body.roleId !== undefined))
        ctx.revocations.emit({ userId: body.userId, reason: RevocationReason.authorityChanged })
      return ok(presentUser(updated), 'common.editSuccess')
    },
  )

  app.delete(
    '/system/user/:ids',
    { config: { permission: 'system:user:remove', refs: { ids: false } }, schema: { params: IdsParam } },
    async (request) => {
      const auth = authOf(request)
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      if (ids.includes(auth.userId)) throw badRequest('user.cannotDeleteSelf')
      for (const id of ids) await findInScope(db, auth, id)
      await db.transaction(async (tx) => {
        if (auth.userType === UserType.platform) {
          await tx
            .update(user)
            .set({ delFlag: true, status: '1', updateTime: new Date() })
            .where(inArray(user.userId, ids))
        } else {
          // A property administrator removes staff from its property; the account itself may serve other properties.
          await tx
            .delete(propertyUser)
            .where(and(inArray(propertyUser.userId, ids), eq(propertyUser.propertyId, auth.propertyId)))
        }
      })
      for (const id of ids)
        if (auth.userType === UserType.platform) await revokeUserSessions(ctx, id, RevocationReason.deleted)
        else await revokePropertySessions(ctx, id, auth.propertyId)
      return ok(undefined, 'common.deleteSuccess')
    },
  )

  const ResetPwd = Type.Object({ userId: Id(), password: Password })
  app.put(
    '/system/user/resetPwd',
    { config: { permission: 'system:user:resetPwd' }, schema: { body: ResetPwd } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof ResetPwd>
      const target = await findInScope(db, auth, body.userId)
      await requireWholeAccount(db, auth, target, 'system:user:resetPwd')
      await db
        .update(user)
        .set({ password: await hashPassword(body.password), updateTime: new Date() })
        .where(eq(user.userId, body.userId))
      await revokeUserSessions(
        ctx,
        body.userId,
        RevocationReason.passwordReset,
        body.userId === auth.userId ? auth.sessionId : undefined,
      )
      return ok(undefined, 'common.editSuccess')
    },
  )

  const ChangeStatus = Type.Object({
    userId: Id(),
    status: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  })
  app.put(
    '/system/user/changeStatus',
    { config: { permission: 'system:user:edit' }, schema: { body: ChangeStatus } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof ChangeStatus>
      const target = await findInScope(db, auth, body.userId)
      if (body.userId === auth.userId && body.status === '1') throw badRequest('user.cannotDisableSelf')
      await requireWholeAccount(db, auth, target, 'system:user:edit')
      await db
        .update(user)
        .set({ status: body.status, updateTime: new Date() })
        .where(eq(user.userId, body.userId))
      if (body.status === '1') await revokeUserSessions(ctx, body.userId, RevocationReason.disabled)
      return ok(undefined, 'common.editSuccess')
    },
  )
}
