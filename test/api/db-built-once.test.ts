// Statements built once (server/src/db/built-once.ts): built the first time they run on an engine, then sent on
// whichever session runs them — the pool, or a transaction, which sees its own uncommitted rows and, rolled back,
// leaves nothing — and refused before sending when a slot has no value.
import assert from 'node:assert/strict'
import { eq, sql } from 'drizzle-orm'
import { test } from 'vitest'
import { builtOnce, slot } from '../../server/src/db/built-once.ts'
import { order } from '../../server/src/db/schema/index.ts'
import { statementCounter } from '../../server/src/db/statements.ts'
import { describeProduct } from './harness.ts'

describeProduct('statements built once', (product) => {
  test('one build serves the pool and every transaction, each on its own connection', async () => {
    const { db } = product().server()
    let builds = 0
    const orderNo = builtOnce((session) => {
      builds++
      return session
        .select({ orderNo: order.orderNo })
        .from(order)
        .where(eq(order.orderId, slot('orderId')))
        .prepare('')
    })
    const [{ id }] = await product().query<{ id: string }>(
      'SELECT coalesce(max(order_id), 0) + 1000000 AS id FROM pms_order',
    )
    const orderId = Number(id)
    assert.deepEqual(await orderNo(db, { orderId }), [])
    const rolledBack = new Error('rolled back')
    await assert.rejects(
      db.transaction(async (tx: typeof db) => {
        await tx.execute(
          sql`INSERT INTO pms_order (order_id, property_id, order_no, order_type, state, check_in_at, check_out_at)
            SELECT ${orderId}, property_id, 'BUILT-ONCE', 'reserve', 'booking', now(), now() + interval '1 day'
            FROM pms_property ORDER BY property_id LIMIT 1`,
        )
        const before = statementCounter.count
        assert.deepEqual(await orderNo(tx, { orderId }), [{ orderNo: 'BUILT-ONCE' }])
        assert.equal(statementCounter.count - before, 1, 'one statement, sent in the transaction')
        throw rolledBack
      }),
      rolledBack,
    )
    assert.deepEqual(await orderNo(db, { orderId }), [], 'the rolled-back row is gone')
    assert.equal(builds, 1)
    await assert.rejects(orderNo(db, {}), /No value for placeholder "orderId"/)
  })
})
