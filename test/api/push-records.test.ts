// Push records (SPEC §2.5, §7): writePushRecord stores, announcePushRecord publishes; staff list, count and mark read in their
// current property only.
import assert from 'node:assert/strict'
import { type PushRecord, topics } from '@pms/protocol'
import { drizzle } from 'drizzle-orm/pg-proxy'
import { beforeAll, test } from 'vitest'
import type { Db } from '../../server/src/db/client.ts'
import {
  announcePushRecord,
  type NewPushRecord,
  writePushRecord,
} from '../../server/src/notifications/push.ts'
import { type BadInput, bearer, describeProduct, expectFieldErrors } from './harness.ts'

describeProduct('push records', (product) => {
  let clerk: string
  let manager: string
  let admin: string
  let hotel: number
  let apartment: number
  const published: Array<{ topic: string; payload: unknown }> = []
  /**
   * What other areas call (the record written, then announced as after a commit), on the product's own database, with
   * a publisher that records what goes live.
   */
  const publish = async (input: NewPushRecord) => {
    const sql = product().server().sql
    const db = drizzle(async (text, params, method) => {
      const { rows } = await sql.query<Record<string, unknown>>(text, params)
      return { rows: method === 'all' ? rows.map((r) => Object.values(r)) : (rows as never) }
    }) as unknown as Db
    const live = {
      publish: async (topic: string, payload: unknown) => {
        published.push({ topic, payload })
      },
      close: async () => {},
    }
    const record = await writePushRecord(db, input)
    await announcePushRecord({ live, config: { topicPrefix: 'pms' } as never }, record)
    return record
  }

  beforeAll(async () => {
    admin = await product().login('admin')
    clerk = await product().login('clerk')
    manager = await product().login('manager')
    const properties = await product().query<{ property_id: string; property_code: string }>(
      'SELECT property_id, property_code FROM pms_property',
    )
    hotel = Number(properties.find((p) => p.property_code === 'DEMO-HOTEL')!.property_id)
    apartment = Number(properties.find((p) => p.property_code === 'DEMO-APT')!.property_id)
  })

  test('a push record is stored, then announced on the property topic', async () => {
    const record = await publish({
      propertyId: hotel,
      recordType: 'order',
      title: { key: 'New order' },
      recordBody: 'Room 101',
    })
    assert.equal(record.propertyId, hotel)
    assert.equal(record.state, '0')
    assert.match(record.createTime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    assert.deepEqual(published.at(-1), { topic: topics.pushRecord(hotel, 'pms'), payload: record })
    const [row] = await product().query<{ record_title: string }>(
      'SELECT record_title FROM pms_push_record WHERE record_id = $1',
      [record.recordId],
    )
    assert.equal(row!.record_title, 'New order')
  })

  test('staff list their current property records, newest first, filtered by type and paged', async () => {
    await publish({ propertyId: hotel, recordType: 'order', title: { key: 'Second order' } })
    await publish({ propertyId: hotel, recordType: 'system', title: { key: 'Night audit done' } })
    await publish({ propertyId: apartment, recordType: 'order', title: { key: 'Apartment order' } })
    const http = product().http
    const all = await http
      .get('/prod-api/pms/pmsPushRecord/list')
      .query({ pageNum: 1, pageSize: 10 })
      .set(bearer(clerk))
    assert.equal(all.body.code, 200)
    assert.equal(all.body.total, 3)
    assert.deepEqual(
      all.body.rows.map((r: PushRecord) => r.recordTitle),
      ['Night audit done', 'Second order', 'New order'],
    )
    const orders = await http
      .get('/prod-api/pms/pmsPushRecord/list')
      .query({ recordType: 'order', pageSize: 1, pageNum: 2 })
      .set(bearer(clerk))
    assert.equal(orders.body.total, 2)
    assert.deepEqual(
      orders.body.rows.map((r: PushRecord) => r.recordTitle),
      ['New order'],
    )
    const count = await http.get('/prod-api/pms/pmsPushRecord/unreadCount').set(bearer(clerk))
    assert.deepEqual(count.body.data, { ordersUnRead: 2, totalUnRead: 3 })
  })

  test('marking one record and then a whole type read', async () => {
    const http = product().http
    const list = await http
      .get('/prod-api/pms/pmsPushRecord/list')
      .query({ recordType: 'order' })
      .set(bearer(clerk))
    const first = list.body.rows[0] as PushRecord
    const one = await http
      .put('/prod-api/pms/pmsPushRecord')
      .set(bearer(clerk))
      .send({ recordId: first.recordId })
    assert.equal(one.body.code, 200)
    let count = await http.get('/prod-api/pms/pmsPushRecord/unreadCount').set(bearer(clerk))
    assert.deepEqual(count.body.data, { ordersUnRead: 1, totalUnRead: 2 })
    const reread = await http
      .get('/prod-api/pms/pmsPushRecord/list')
      .query({ recordType: 'order' })
      .set(bearer(clerk))
    assert.equal(reread.body.rows.find((r: PushRecord) => r.recordId === first.recordId).state, '1')

    const all = await http.put('/prod-api/pms/pmsPushRecord').set(bearer(clerk)).send({ recordType: 'order' })
    assert.deepEqual(all.body.data, { marked: 1 })
    count = await http.get('/prod-api/pms/pmsPushRecord/unreadCount').set(bearer(clerk))
    assert.deepEqual(count.body.data, { ordersUnRead: 0, totalUnRead: 1 })
    // The apartment's order is untouched.
    const [apt] = await product().query<{ state: string }>(
      "SELECT state FROM pms_push_record WHERE record_title = 'Apartment order'",
    )
    assert.equal(apt!.state, '0')
  })

  test('tenancy: the apartment records are invisible to the clerk; the manager sees them after switching', async () => {
    const http = product().http
    const [apt] = await product().query<{ record_id: string }>(
      "SELECT record_id FROM pms_push_record WHERE record_title = 'Apartment order'",
    )
    const aptId = Number(apt!.record_id)
    const clerkList = await http.get('/prod-api/pms/pmsPushRecord/list').set(bearer(clerk))
    assert.ok(!clerkList.body.rows.some((r: PushRecord) => r.recordId === aptId))
    const clerkMark = await http
      .put('/prod-api/pms/pmsPushRecord')
      .set(bearer(clerk))
      .send({ recordId: aptId })
    assert.equal(clerkMark.status, 404)
    const clerkAsks = await http
      .get('/prod-api/pms/pmsPushRecord/list')
      .query({ propertyId: apartment })
      .set(bearer(clerk))
    assert.equal(clerkAsks.status, 403)

    // The manager starts in the hotel (its default), then switches to the apartment.
    await http.put(`/prod-api/auth/switchProperty/${hotel}`).set(bearer(manager))
    const before = await http.get('/prod-api/pms/pmsPushRecord/list').set(bearer(manager))
    assert.ok(!before.body.rows.some((r: PushRecord) => r.recordId === aptId))
    const switched = await http.put(`/prod-api/auth/switchProperty/${apartment}`).set(bearer(manager))
    assert.equal(switched.body.code, 200)
    const after = await http.get('/prod-api/pms/pmsPushRecord/list').set(bearer(manager))
    assert.deepEqual(
      after.body.rows.map((r: PushRecord) => r.recordId),
      [aptId],
    )
    const count = await http.get('/prod-api/pms/pmsPushRecord/unreadCount').set(bearer(manager))
    assert.deepEqual(count.body.data, { ordersUnRead: 1, totalUnRead: 1 })
    const mark = await http.put('/prod-api/pms/pmsPushRecord').set(bearer(manager)).send({ recordId: aptId })
    assert.equal(mark.body.code, 200)
  })

  test('a platform user names the property; without one the call is refused', async () => {
    const http = product().http
    const named = await http
      .get('/prod-api/pms/pmsPushRecord/list')
      .query({ propertyId: hotel })
      .set(bearer(admin))
    assert.equal(named.body.total, 3)
    const none = await http.get('/prod-api/pms/pmsPushRecord/unreadCount').set(bearer(admin))
    assert.equal(none.status, 400)
  })

  test('permissions: a user without the push-record permissions gets 403; anonymous callers 401', async () => {
    const http = product().http
    const roleless = await product().query<{ role_id: string }>(
      "UPDATE pms_property_user SET role_id = (SELECT role_id FROM sys_role WHERE role_key = 'common') WHERE user_id = (SELECT user_id FROM sys_user WHERE user_name = 'clerk') RETURNING role_id",
    )
    assert.equal(roleless.length, 1)
    assert.equal((await http.get('/prod-api/pms/pmsPushRecord/list').set(bearer(clerk))).status, 403)
    assert.equal(
      (await http.put('/prod-api/pms/pmsPushRecord').set(bearer(clerk)).send({ recordType: 'order' })).status,
      403,
    )
    assert.equal((await http.get('/prod-api/pms/pmsPushRecord/unreadCount').set(bearer(clerk))).status, 403)
    assert.equal((await http.get('/prod-api/pms/pmsPushRecord/list')).status, 401)
    assert.equal((await http.put('/prod-api/pms/pmsPushRecord').send({ recordType: 'order' })).status, 401)
    await product().query(
      "UPDATE pms_property_user SET role_id = (SELECT role_id FROM sys_role WHERE role_key = 'front_desk') WHERE user_id = (SELECT user_id FROM sys_user WHERE user_name = 'clerk')",
    )
  })

  test('bad input answers 400 naming the field', async () => {
    const http = product().http
    const cases: BadInput[] = [
      ['put', '/prod-api/pms/pmsPushRecord', {}, 'recordId'],
      ['put', '/prod-api/pms/pmsPushRecord', { recordId: 'abc' }, 'recordId'],
      ['put', '/prod-api/pms/pmsPushRecord', { recordType: 'x'.repeat(21) }, 'recordType'],
      ['get', '/prod-api/pms/pmsPushRecord/list?pageSize=501', undefined, 'pageSize'],
      ['get', '/prod-api/pms/pmsPushRecord/list?pageNum=abc', undefined, 'pageNum'],
      ['get', '/prod-api/pms/pmsPushRecord/list?recordType=a%20b', undefined, 'recordType'],
    ]
    await expectFieldErrors(http, clerk, cases)
  })
})
