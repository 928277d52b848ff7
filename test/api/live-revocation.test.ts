// Revocation reaches open live-channel connections: a subscriber held open across logout, password change, admin
// reset, disabling, deletion and the loss of a property binding is disconnected and receives nothing after it.
import assert from 'node:assert/strict'
import { topics } from '@pms/protocol'
import mqtt from 'mqtt'
import { test } from 'vitest'
import { bearer, describeProduct, type TestProduct } from './harness.ts'

interface Staff {
  userId: number
  userName: string
  password: string
}

async function hotelId(product: TestProduct): Promise<number> {
  const [row] = await product.query<{ property_id: number }>(
    "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
  )
  return Number(row!.property_id)
}

let serial = 0
/** A fresh front-desk account bound to the hotel (as its admin when `admin`). */
async function newStaff(product: TestProduct, propertyId: number, admin = false): Promise<Staff> {
  const userName = `live${++serial}${product.kind}`
  const password = 'secret12'
  const token = await product.login('admin')
  const created = await product.http
    .post('/prod-api/system/user')
    .set(bearer(token))
    .send({ userName, nickName: userName, password, userType: 2 })
  assert.equal(created.body.code, 200, JSON.stringify(created.body))
  const userId = Number(created.body.data.userId)
  const [role] = await product.query<{ role_id: number }>(
    'SELECT role_id FROM sys_role WHERE role_key = $1',
    [admin ? 'merchant_admin' : 'front_desk'],
  )
  await product.query(
    'INSERT INTO pms_property_user (property_id, user_id, role_id, is_admin) VALUES ($1, $2, $3, $4)',
    [propertyId, userId, role!.role_id, admin],
  )
  await product.query('UPDATE sys_user SET default_property_id = $1 WHERE user_id = $2', [propertyId, userId])
  return { userId, userName, password }
}

interface Listener {
  client: mqtt.MqttClient
  received: unknown[]
  closed: Promise<void>
}

/** Connects with the session token and subscribes to the property's push topic. */
async function listen(product: TestProduct, token: string, topic: string): Promise<Listener> {
  const client = await mqtt.connectAsync(`${product.baseUrl.replace('http', 'ws')}/mqtt`, {
    username: 'console',
    password: token,
    reconnectPeriod: 0,
  })
  const received: unknown[] = []
  client.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString())))
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()))
  const granted = await client.subscribeAsync(topic, { qos: 2 })
  assert.equal(granted[0]?.qos, 2)
  return { client, received, closed }
}

/** Publishes on the property topic and waits until the control listener has it (so any delivery would be done). */
async function publishAndSettle(product: TestProduct, topic: string, control: Listener, marker: number) {
  const delivered = new Promise<void>((resolve) =>
    control.client.on('message', (_t, payload) => {
      if (JSON.parse(payload.toString()).marker === marker) resolve()
    }),
  )
  await product.app.bridge.livePublisher!.publish(topic, { marker })
  await delivered
}

describeProduct('revocation closes open live connections', (product) => {
  /** Arranges a revoked subscriber and a control subscriber, runs the revocation, checks the outcome. */
  async function check(
    revoke: (ctx: {
      victim: Staff
      victimToken: string
      keptToken: string
      propertyId: number
    }) => Promise<void>,
    options: { sameUserControl?: boolean } = {},
  ) {
    const propertyId = await hotelId(product())
    const topic = topics.pushRecord(propertyId)
    const victim = await newStaff(product(), propertyId)
    const victimToken = await product().login(victim.userName, victim.password)
    const keptToken = options.sameUserControl
      ? await product().login(victim.userName, victim.password)
      : await product().login('clerk')
    const revoked = await listen(product(), victimToken, topic)
    const control = await listen(product(), keptToken, topic)
    try {
      await revoke({ victim, victimToken, keptToken, propertyId })
      await revoked.closed
      await publishAndSettle(product(), topic, control, ++serial)
      assert.deepEqual(revoked.received, [])
      assert.ok(!control.client.disconnected, 'the other session stays connected')
    } finally {
      await revoked.client.endAsync(true)
      await control.client.endAsync(true)
    }
    // A new connection with the revoked token is refused.
    await assert.rejects(
      mqtt.connectAsync(`${product().baseUrl.replace('http', 'ws')}/mqtt`, {
        username: 'console',
        password: victimToken,
        reconnectPeriod: 0,
      }),
    )
  }

  test('logout closes that session’s connection only', async () => {
    await check(
      async ({ victimToken }) => {
        const res = await product().http.delete('/prod-api/auth/logout').set(bearer(victimToken))
        assert.equal(res.body.code, 200)
      },
      { sameUserControl: true },
    )
  })

  test('changing one’s own password closes the other sessions’ connections', async () => {
    await check(
      async ({ victim, keptToken }) => {
        const res = await product()
          .http.put('/prod-api/system/regUser/profile/updatePwd')
          .query({ oldPassword: victim.password, newPassword: 'changed12' })
          .set(bearer(keptToken))
        assert.equal(res.body.code, 200, JSON.stringify(res.body))
      },
      { sameUserControl: true },
    )
  })

  test('an administrator’s password reset closes the user’s connections', async () => {
    await check(async ({ victim }) => {
      const res = await product()
        .http.put('/prod-api/system/user/resetPwd')
        .set(bearer(await product().login('admin')))
        .send({ userId: victim.userId, password: 'changed12' })
      assert.equal(res.body.code, 200, JSON.stringify(res.body))
    })
  })

  test('disabling the user closes its connections', async () => {
    await check(async ({ victim }) => {
      const res = await product()
        .http.put('/prod-api/system/user/changeStatus')
        .set(bearer(await product().login('manager')))
        .send({ userId: victim.userId, status: '1' })
      assert.equal(res.body.code, 200, JSON.stringify(res.body))
    })
  })

  test('deleting the user closes its connections', async () => {
    await check(async ({ victim }) => {
      const res = await product()
        .http.delete(`/prod-api/system/user/${victim.userId}`)
        .set(bearer(await product().login('admin')))
      assert.equal(res.body.code, 200, JSON.stringify(res.body))
    })
  })

  test('removing the user from the property closes its connections', async () => {
    await check(async ({ victim }) => {
      const res = await product()
        .http.delete(`/prod-api/system/user/${victim.userId}`)
        .set(bearer(await product().login('manager')))
      assert.equal(res.body.code, 200, JSON.stringify(res.body))
    })
  })

  test('handing the property admin role to another user closes the old admin’s connections', async () => {
    const propertyId = await hotelId(product())
    const topic = topics.pushRecord(propertyId)
    const oldAdmin = await newStaff(product(), propertyId, true)
    const newAdmin = await newStaff(product(), propertyId)
    const token = await product().login(oldAdmin.userName, oldAdmin.password)
    const revoked = await listen(product(), token, topic)
    const control = await listen(product(), await product().login('clerk'), topic)
    try {
      const res = await product()
        .http.put(
          `/prod-api/pms/pmsPropertyUser/replacePropertyAdmin/${oldAdmin.userId}/${newAdmin.userId}/${propertyId}`,
        )
        .set(bearer(await product().login('admin')))
      assert.equal(res.body.code, 200, JSON.stringify(res.body))
      await revoked.closed
      await publishAndSettle(product(), topic, control, ++serial)
      assert.deepEqual(revoked.received, [])
    } finally {
      await revoked.client.endAsync(true)
      await control.client.endAsync(true)
    }
    // Signing in again on the live channel no longer grants the property's topic.
    const again = await mqtt.connectAsync(`${product().baseUrl.replace('http', 'ws')}/mqtt`, {
      username: 'console',
      password: token,
      reconnectPeriod: 0,
    })
    try {
      await assert.rejects(again.subscribeAsync(topic, { qos: 2 }))
    } finally {
      await again.endAsync(true)
    }
  })
})
