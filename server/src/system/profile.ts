// The personal center (SPEC §7): GET/PUT /system/{user|regUser}/profile, PUT …/profile/updatePwd, POST …/profile/avatar,
// and PUT /system/regUser/bind (attach a verified email or phone). `user` serves platform users, `regUser` property staff.
import { UserType } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { consumeCode, isEmail, normalisePhone } from '../auth/codes.ts'
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from '../auth/passwords.ts'
import { RevocationReason } from '../auth/revocations.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import { findByEmail, findByPhone } from '../auth/users-lookup.ts'
import type { ServerContext } from '../context.ts'
import { propertyUser, role, user, userRole } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { fileRoutes, saveImage } from './uploads.ts'
import { presentUser } from './users.ts'

const ProfileBody = Type.Object({
  nickName: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  email: Type.Optional(Type.Union([Type.String({ maxLength: 100, format: 'email' }), Type.Literal('')])),
  phonenumber: Type.Optional(
    Type.Union([Type.String({ maxLength: 30, pattern: '^\\d{4}-\\d{6,13}$' }), Type.Literal('')]),
  ),
  sex: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')])),
})
const PasswordQuery = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 100 }),
  newPassword: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
})
const BindBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 100 })),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
  areaCode: Type.Optional(Type.String({ maxLength: 4 })),
  code: Type.String({ minLength: 1, maxLength: 10 }),
})

export function profileRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  fileRoutes(app, ctx)
  for (const [segment, userType] of [
    ['user', UserType.platform],
    ['regUser', UserType.registered],
  ] as const) {
    const config = { userTypes: [userType] }
    /** The user, and `roleGroup` (RuoYi's): the names of their roles, the current property's role after theirs. */
    app.get(`/system/${segment}/profile`, { config }, async (request) => {
      const auth = authOf(request)
      const [row] = await db.select().from(user).where(eq(user.userId, auth.userId))
      const names = await db
        .select({ name: role.roleName })
        .from(role)
        .where(
          or(
            inArray(
              role.roleId,
              db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, auth.userId)),
            ),
            inArray(
              role.roleId,
              db
                .select({ id: sql<number>`coalesce(${propertyUser.roleId}, 0)` })
                .from(propertyUser)
                .where(
                  and(eq(propertyUser.userId, auth.userId), eq(propertyUser.propertyId, auth.propertyId)),
                ),
            ),
          ),
        )
        .orderBy(asc(role.roleType), asc(role.roleSort), asc(role.roleId))
      return { ...ok(presentUser(row!)), roleGroup: names.map((n) => n.name).join(', ') }
    })

    app.put(`/system/${segment}/profile`, { config, schema: { body: ProfileBody } }, async (request) => {
      const body = request.body as Static<typeof ProfileBody>
      const [row] = await db
        .update(user)
        .set({
          nickName: body.nickName,
          email: body.email === undefined ? undefined : body.email || null,
          phonenumber: body.phonenumber === undefined ? undefined : body.phonenumber || null,
          sex: body.sex,
          updateTime: new Date(),
        })
        .where(eq(user.userId, authOf(request).userId))
        .returning()
      return ok(presentUser(row!), 'common.editSuccess')
    })

    app.put(
      `/system/${segment}/profile/updatePwd`,
      { config, schema: { querystring: PasswordQuery } },
      async (request) => {
        const auth = authOf(request)
        const q = request.query as Static<typeof PasswordQuery>
        const [row] = await db.select().from(user).where(eq(user.userId, auth.userId))
        if (!(await verifyPassword(row!.password, q.oldPassword)))
          throw badRequest('profile.oldPasswordWrong')
        if (q.oldPassword === q.newPassword) throw badRequest('profile.samePassword')
        await db
          .update(user)
          .set({ password: await hashPassword(q.newPassword), updateTime: new Date() })
          .where(eq(user.userId, auth.userId))
        // Other sessions of this account end; the one that changed the password stays signed in.
        await revokeUserSessions(ctx, auth.userId, RevocationReason.passwordChanged, auth.sessionId)
        return ok(undefined, 'common.editSuccess')
      },
    )

    app.post(`/system/${segment}/profile/avatar`, { config }, async (request) => {
      const path = await saveImage(ctx, request, 'avatar', 'avatarfile')
      await db
        .update(user)
        .set({ avatar: path, updateTime: new Date() })
        .where(eq(user.userId, authOf(request).userId))
      return ok({ imgUrl: path }, 'common.success')
    })
  }

  app.put(
    '/system/regUser/bind',
    { config: { userTypes: [UserType.registered] }, schema: { body: BindBody } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof BindBody>
      if (body.email) {
        const email = body.email.trim().toLowerCase()
        if (!isEmail(email)) throw badRequest('auth.emailFormat')
        const owner = await findByEmail(db, email)
        if (owner && owner.userId !== auth.userId) throw conflict('auth.alreadyRegistered')
        await consumeCode(db, email, 'register', body.code)
        await db.update(user).set({ email, updateTime: new Date() }).where(eq(user.userId, auth.userId))
      } else if (body.phone) {
        const phone = normalisePhone(body.areaCode, body.phone)
        const owner = await findByPhone(db, phone)
        if (owner && owner.userId !== auth.userId) throw conflict('auth.alreadyRegistered')
        await consumeCode(db, phone, 'register', body.code)
        await db
          .update(user)
          .set({ phonenumber: phone, updateTime: new Date() })
          .where(eq(user.userId, auth.userId))
      } else throw badRequest('auth.phoneOrEmailRequired')
      return ok(undefined, 'common.editSuccess')
    },
  )
}
