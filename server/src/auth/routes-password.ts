// Password sign-in: GET /code (captcha), POST /auth/login (platform entry, /admin) and POST /auth/userPwdLogin (staff).
import { type CaptchaResult, UserType } from '@pms/protocol'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { AppError, badRequest } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import { captchaEnabled } from '../system/config-values.ts'
import { checkCaptcha, createCaptcha } from './captcha.ts'
import { verifyPassword } from './passwords.ts'
import { signIn } from './sign-in.ts'
import {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  accountKey,
  addressKey,
  assertNotLocked,
  clearFailures,
  recordFailure,
} from './throttle.ts'
import { findByUserName } from './users-lookup.ts'

const PasswordLogin = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ maxLength: 100 })),
  code: Type.Optional(Type.String({ maxLength: 10 })),
  uuid: Type.Optional(Type.String({ maxLength: 64 })),
})

export function passwordRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/code', { config: { auth: 'public' } }, async () => {
    if (!(await captchaEnabled(db))) return ok<CaptchaResult>({ captchaEnabled: false })
    const { uuid, img } = await createCaptcha(db)
    return ok<CaptchaResult>({ captchaEnabled: true, uuid, img })
  })

  const login = (entry: UserType) => async (request: { body: unknown; ip: string }) => {
    const body = request.body as { username?: string; password?: string; code?: string; uuid?: string }
    const username = body.username?.trim() ?? ''
    if (!username) throw badRequest('auth.accountEmpty')
    if (!body.password) throw badRequest('auth.passwordEmpty')
    await assertNotLocked(db, addressKey(request.ip))
    await assertNotLocked(db, accountKey(username))
    if (await captchaEnabled(db)) await checkCaptcha(db, body.uuid, body.code)
    const row = await findByUserName(db, username)
    if (!(await verifyPassword(row?.password, body.password)) || !row) {
      await recordFailure(db, addressKey(request.ip), ADDRESS_MAX_FAILURES)
      const left = await recordFailure(db, accountKey(username), ACCOUNT_MAX_FAILURES)
      if (left === 0) await assertNotLocked(db, accountKey(username))
      throw new AppError(400, 'auth.badCredentials', [left])
    }
    if (row.status !== '0') throw badRequest('auth.disabled')
    if (row.userType !== entry)
      throw badRequest(entry === UserType.platform ? 'auth.useStaffEntry' : 'auth.usePlatformEntry')
    await clearFailures(db, accountKey(username))
    return ok(await signIn(db, request as never, row), 'auth.loginSuccess')
  }

  app.post(
    '/auth/login',
    { config: { auth: 'public' }, schema: { body: PasswordLogin } },
    login(UserType.platform),
  )
  app.post(
    '/auth/userPwdLogin',
    { config: { auth: 'public' }, schema: { body: PasswordLogin } },
    login(UserType.registered),
  )
}
