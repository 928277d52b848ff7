// Sign-in and registration by a code sent to an email or a phone: GET /emailCode, GET /phoneCode,
// POST /auth/userLogin, POST /auth/register, POST /auth/againRegister/{id}.
import { translate, UserType } from '@pms/protocol'
import { Type } from '@sinclair/typebox'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { role, user, userRole } from '../db/schema/index.ts'
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts'
import { requestLanguage } from '../http/language.ts'
import { ok } from '../http/reply.ts'
import { IdParam } from '../http/schemas.ts'
import {
  CODE_PURPOSES,
  type CodePurpose,
  consumeCode,
  isEmail,
  issueCode,
  normalisePhone,
  parsePhoneParam,
  withdrawCode,
} from './codes.ts'
import { createDelivery } from './delivery.ts'
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts'
import { signIn } from './sign-in.ts'
import { findByEmail, findByPhone, findByUserName } from './users-lookup.ts'

const CodeQuery = (field: 'email' | 'phone') =>
  Type.Object({
    [field]: Type.Optional(Type.String({ maxLength: 100 })),
    type: Type.Optional(Type.String({ maxLength: 20 })),
  })

const CodeLogin = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 100 })),
  code: Type.Optional(Type.String({ maxLength: 10 })),
  areaCode: Type.Optional(Type.String({ maxLength: 4 })),
})

const Register = Type.Object({
  username: Type.String({ minLength: 2, maxLength: 30, pattern: '^[A-Za-z0-9_.@-]+$' }),
  password: Type.String({ maxLength: 100 }),
  confirmPassword: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 100 })),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
  areaCode: Type.Optional(Type.String({ maxLength: 4 })),
  code: Type.Optional(Type.String({ maxLength: 10 })),
  nickName: Type.Optional(Type.String({ maxLength: 30 })),
})

function purposeOf(type: string | undefined): CodePurpose {
  if (!type) throw badRequest('auth.codeTypeRequired')
  if (!(CODE_PURPOSES as readonly string[]).includes(type)) throw badRequest('auth.codeTypeRequired')
  return type as CodePurpose
}

function checkPassword(password: string, confirm?: string) {
  if (!password) throw badRequest('auth.passwordEmpty')
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw badRequest('auth.passwordLength', [PASSWORD_MIN, PASSWORD_MAX])
  if (confirm !== undefined && confirm !== password) throw badRequest('auth.passwordMismatch')
}

export function codeRoutes(app: FastifyInstance, { db, config }: ServerContext) {
  const delivery = createDelivery(
    db,
    config.smtpUrl ? { url: config.smtpUrl, from: config.smtpFrom } : undefined,
  )

  /** Login codes only go to registered accounts; registration codes only to unused addresses. */
  async function checkTarget(purpose: CodePurpose, existing: unknown) {
    if (purpose === 'register' && existing) throw conflict('auth.alreadyRegistered')
    if (purpose !== 'register' && !existing) throw badRequest('auth.notRegistered')
  }

  app.get(
    '/emailCode',
    { config: { auth: 'public' }, schema: { querystring: CodeQuery('email') } },
    async (request) => {
      const q = request.query as { email?: string; type?: string }
      const email = q.email?.trim()
      if (!email) throw badRequest('auth.phoneOrEmailRequired')
      const purpose = purposeOf(q.type)
      if (!isEmail(email)) throw badRequest('auth.emailFormat')
      await checkTarget(purpose, await findByEmail(db, email))
      const code = await issueCode(db, email.toLowerCase(), purpose)
      const lang = requestLanguage(request)
      try {
        await delivery.sendEmail(
          email,
          translate(lang, 'auth.codeMailSubject'),
          translate(lang, 'auth.codeMessage', [code, 5]),
          purpose,
          code,
        )
      } catch (error) {
        // The mail server refused or is down: withdraw the code so the user may ask again at once.
        request.log.error({ err: error }, 'email code delivery failed')
        await withdrawCode(db, email.toLowerCase(), purpose)
        throw new AppError(500, 'auth.codeSendFailed')
      }
      return ok(undefined, 'auth.codeSent')
    },
  )

  app.get(
    '/phoneCode',
    { config: { auth: 'public' }, schema: { querystring: CodeQuery('phone') } },
    async (request) => {
      const q = request.query as { phone?: string; type?: string }
      if (!q.phone?.trim()) throw badRequest('auth.phoneOrEmailRequired')
      const purpose = purposeOf(q.type)
      const phone = parsePhoneParam(q.phone)
      await checkTarget(purpose, await findByPhone(db, phone))
      const code = await issueCode(db, phone, purpose)
      await delivery.sendSms(
        phone,
        translate(requestLanguage(request), 'auth.codeMessage', [code, 5]),
        purpose,
      )
      return ok(undefined, 'auth.codeSent')
    },
  )

  app.post(
    '/auth/userLogin',
    { config: { auth: 'public' }, schema: { body: CodeLogin } },
    async (request) => {
      const body = request.body as { username?: string; code?: string; areaCode?: string }
      const username = body.username?.trim() ?? ''
      if (!username) throw badRequest('auth.phoneOrEmailRequired')
      const byEmail = username.includes('@')
      if (byEmail && !isEmail(username)) throw badRequest('auth.emailFormat')
      const target = byEmail ? username.toLowerCase() : normalisePhone(body.areaCode, username)
      const row = byEmail ? await findByEmail(db, target) : await findByPhone(db, target)
      await consumeCode(db, target, 'login', body.code)
      if (!row) throw badRequest('auth.notRegistered')
      if (row.status !== '0') throw badRequest('auth.disabled')
      // The staff entry's code login, as its password login: a platform account signs in at its own entry, with its
      // password (a code read from the delivery records must not open the platform).
      if (row.userType !== UserType.registered) throw badRequest('auth.usePlatformEntry')
      return ok(await signIn(db, request, row), 'auth.loginSuccess')
    },
  )

  /** Who receives the registration code: the email, or the phone prefixed with its area code (SPEC §5). */
  function registrationTarget(body: { email?: string; phone?: string; areaCode?: string }) {
    if (body.email?.trim()) {
      if (!isEmail(body.email.trim())) throw badRequest('auth.emailFormat')
      return {
        email: body.email.trim().toLowerCase(),
        phonenumber: null,
        target: body.email.trim().toLowerCase(),
      }
    }
    if (body.phone?.trim()) {
      const phone = normalisePhone(body.areaCode, body.phone)
      return { email: null, phonenumber: phone, target: phone }
    }
    throw badRequest('auth.phoneOrEmailRequired')
  }

  app.post('/auth/register', { config: { auth: 'public' }, schema: { body: Register } }, async (request) => {
    const body = request.body as typeof Register.static
    checkPassword(body.password, body.confirmPassword)
    const { email, phonenumber, target } = registrationTarget(body)
    if (await findByUserName(db, body.username)) throw conflict('auth.userNameTaken', [body.username])
    if (email && (await findByEmail(db, email))) throw conflict('auth.alreadyRegistered')
    if (phonenumber && (await findByPhone(db, phonenumber))) throw conflict('auth.alreadyRegistered')
    await consumeCode(db, target, 'register', body.code)
    const passwordHash = await hashPassword(body.password)
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(user)
        .values({
          userName: body.username,
          nickName: body.nickName ?? body.username,
          email,
          phonenumber,
          password: passwordHash,
          userType: UserType.registered,
        })
        .returning()
      const [common] = await tx.select().from(role).where(eq(role.roleKey, 'common'))
      if (common) await tx.insert(userRole).values({ userId: row!.userId, roleId: common.roleId })
      return row!
    })
    return ok(await signIn(db, request, created), 'auth.registerSuccess')
  })

  /** Completes a registration that never reached its first sign-in: a fresh code and a new password. */
  app.post(
    '/auth/againRegister/:id',
    { config: { auth: 'public' }, schema: { params: IdParam, body: Register } },
    async (request) => {
      const body = request.body as typeof Register.static
      checkPassword(body.password, body.confirmPassword)
      const { target } = registrationTarget(body)
      const [row] = await db
        .select()
        .from(user)
        .where(
          and(
            eq(user.userId, (request.params as { id: number }).id),
            eq(user.userType, UserType.registered),
            isNull(user.loginDate),
            eq(user.delFlag, false),
          ),
        )
      if (!row || (row.email !== target && row.phonenumber !== target)) throw notFound('entity.registration')
      await consumeCode(db, target, 'register', body.code)
      const [updated] = await db
        .update(user)
        .set({ password: await hashPassword(body.password), status: '0', updateTime: new Date() })
        .where(eq(user.userId, row.userId))
        .returning()
      return ok(await signIn(db, request, updated!), 'auth.registerSuccess')
    },
  )
}
