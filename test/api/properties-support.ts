// Shared arrangements of the property-administration suites: a fresh registered user who owns a property of its own.
import assert from 'node:assert/strict'
import type { TestProduct } from './harness.ts'
import { bearer } from './harness.ts'
import { call } from './room-stock-support.ts'

export interface Owner {
  userId: number
  token: string
  propertyId: number
}

/** A registered user (role common, as registration gives) who creates a property and switches into it. */
export async function arrangeOwner(product: TestProduct, admin: string, userName: string): Promise<Owner> {
  const created = await product.http
    .post('/prod-api/system/user')
    .set(bearer(admin))
    .send({ userName, password: 'owner123', nickName: userName, userType: 2 })
  assert.equal(created.body.code, 200, JSON.stringify(created.body))
  const userId = Number(created.body.data.userId)
  await product.query(
    `INSERT INTO sys_user_role (user_id, role_id) SELECT $1, role_id FROM sys_role WHERE role_key = 'common'`,
    [userId],
  )
  const token = await product.login(userName, 'owner123')
  const property = await call(product, token, 'post', '/pms/pmsProperty', {
    propertyName: `${userName} inn`,
    address: 'Harbour road 9',
    propertyTypes: ['4'],
  })
  assert.equal(property.code, 200, property.msg)
  const propertyId = property.data.propertyId as number
  const switched = await call(product, token, 'put', `/auth/switchProperty/${propertyId}`)
  assert.equal(switched.code, 200, switched.msg)
  return { userId, token, propertyId }
}
