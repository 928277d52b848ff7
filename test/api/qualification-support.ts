// Shared arrangements of the qualification suites (customer and agency): registered users, the licence upload to a
// qualification's own route, and the download of a private file as a given user.
import assert from 'node:assert/strict'
import { bearer, type TestProduct } from './harness.ts'
import { call } from './room-stock-support.ts'

export { PNG } from '../support/png.ts'

/** Registers a user as the admin does (type 1 platform, 2 registered) and returns its id. */
export async function createUser(p: TestProduct, admin: string, userName: string, userType: number) {
  const res = await call(p, admin, 'post', '/system/user', {
    userName,
    password: `${userName}123`,
    nickName: userName,
    userType,
  })
  assert.equal(res.code, 200, res.msg)
  const [row] = await p.query<{ user_id: string }>('SELECT user_id FROM sys_user WHERE user_name = $1', [
    userName,
  ])
  return Number(row!.user_id)
}

/** Signs a user made by createUser in: a platform user (type 1) through the admin entry, others as p.login does. */
export async function signInCreated(p: TestProduct, userName: string, userType: number) {
  if (userType !== 1) return p.login(userName, `${userName}123`)
  const login = await p.http
    .post('/prod-api/auth/login')
    .send({ username: userName, password: `${userName}123` })
  assert.equal(login.body.code, 200, JSON.stringify(login.body))
  return login.body.data.access_token as string
}

/** Uploads a licence to `${base}/upload` (the qualification's own route), in English messages. */
export const uploadLicence = (
  p: TestProduct,
  base: string,
  token: string,
  bytes: Buffer,
  { field = 'file', name = 'licence.png' } = {},
) =>
  p.http
    .post(`/prod-api${base}/upload`)
    .set(bearer(token))
    .set('Accept-Language', 'en-US')
    .attach(field, bytes, name)

/** Downloads a private file (its `/system/sysFile/download/N` path) as the token's user, the body as bytes. */
export const downloadAs = (p: TestProduct, token: string, path: string) =>
  p.http
    .post(`/prod-api${path}`)
    .set(bearer(token))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done(null, Buffer.concat(chunks)))
    })
