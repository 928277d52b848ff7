// Room status chart and room states (SPEC §4): the chart's shape and counts, filters, setting and cancelling
// states, the push record published for other desks, tenancy, and a property of 2,000 more rooms.
import assert from 'node:assert/strict'
import { type PushRecord, topics } from '@pms/protocol'
import { beforeAll, test } from 'vitest'
import { describeProduct } from './harness.ts'
import { connectConsole, nextMessage, subscribe } from './live-support.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('room status chart', (product) => {
  let staff: Staff
  let rooms: Array<{ room_id: string; room_no: string }>

  beforeAll(async () => {
    staff = await arrangeStaff(product())
    rooms = await product().query(
      "SELECT room_id, room_no FROM pms_room WHERE property_id = $1 AND room_no IN ('101', '102', '105', '106', '201') ORDER BY room_no",
      [staff.hotel],
    )
  })
  const id = (no: string) => Number(rooms.find((r) => r.room_no === no)!.room_id)

  test('the chart groups every room by building and floor, with types and counts', async () => {
    const res = await call(product(), staff.clerk, 'get', '/pms/pmsRoom/statusChart')
    assert.equal(res.code, 200, res.msg)
    assert.equal(res.data.total, 74)
    assert.deepEqual(
      res.data.buildings.map((b: any) => [b.buildingName, b.floors.length]),
      [
        ['主楼', 5],
        ['副楼', 3],
      ],
    )
    const first = res.data.buildings[0].floors[0]
    assert.equal(first.floorNo, 1)
    assert.equal(first.rooms.length, 10)
    assert.deepEqual(first.rooms[0], {
      roomId: id('101'),
      roomNo: '101',
      roomTypeId: first.rooms[0].roomTypeId,
      typeName: '标准大床房',
      occupancy: 'empty',
      dirty: false,
      locked: false,
      maintain: false,
      lockReason: '',
      maintainReason: '',
      stay: null,
      arrival: null,
    })
    assert.deepEqual(res.data.counts, { empty: 74, full: 0, notFull: 0, dirty: 0, locked: 0, maintain: 0 })
    assert.deepEqual(res.data.today, { arriving: 0, dueOut: 0, overdue: 0, inHouse: 0 })
    const byType = await call(product(), staff.clerk, 'get', '/pms/pmsRoom/statusChart', {
      roomTypeId: first.rooms[0].roomTypeId,
    })
    assert.equal(byType.data.total, 35) // 4 a floor in 主楼 (20) and 5 a floor in 副楼 (15)
  })

  test('a state change updates the rooms and publishes a room-status push record', async () => {
    const p = product()
    const set = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('101'), id('102')],
      state: 'dirty',
      value: true,
    })
    assert.equal(set.code, 200, set.msg)
    const full = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('201')],
      state: 'full',
      value: true,
    })
    assert.equal(full.code, 200)
    const chart = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart')
    assert.deepEqual(chart.data.counts, { empty: 73, full: 1, notFull: 0, dirty: 2, locked: 0, maintain: 0 })
    const dirty = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart', { state: 'dirty' })
    assert.deepEqual(
      dirty.data.buildings.flatMap((b: any) =>
        b.floors.flatMap((f: any) => f.rooms.map((r: any) => r.roomNo)),
      ),
      ['101', '102'],
    )
    assert.equal(dirty.data.counts.dirty, 2)
    const records = await p.query<{
      property_id: string
      record_type: string
      record_title: string
      record_body: string
    }>(
      "SELECT property_id, record_type, record_title, record_body FROM pms_push_record WHERE record_type = 'roomStatus' ORDER BY record_id",
    )
    assert.equal(records.length, 2)
    assert.equal(Number(records[0]!.property_id), staff.hotel)
    // Stored in the default language whoever triggered it (the clerk asked in English)…
    assert.equal(records[0]!.record_title, '房态变更：101, 102 设为脏房')
    assert.deepEqual(JSON.parse(records[0]!.record_body), {
      roomIds: [id('101'), id('102')].sort((a, b) => a - b),
      state: 'dirty',
      value: true,
    })
    const listed = await call(p, staff.clerk, 'get', '/pms/pmsPushRecord/list', { recordType: 'roomStatus' })
    assert.equal(listed.total, 2)
    // …and read in each reader's language, with the message for the console to re-render after a switch.
    assert.equal(listed.rows![1].recordTitle, 'Room state changed: 101, 102 set dirty')
    assert.deepEqual(listed.rows![1].title, {
      key: 'roomStock.state.changed',
      params: ['101, 102', { key: 'roomStock.state.set', params: ['@roomStock.state.dirty'] }],
    })
    const hk = await p.http
      .get('/prod-api/pms/pmsPushRecord/list')
      .query({ recordType: 'roomStatus' })
      .set('Authorization', `Bearer ${staff.clerk}`)
      .set('Accept-Language', 'zh-HK')
    assert.equal(hk.body.rows[1].recordTitle, '房態變更：101, 102 設為髒房')
  })

  test('states are cancelled; cancelling full returns the room to empty; empty cannot be cancelled', async () => {
    const p = product()
    const cancel = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('101')],
      state: 'dirty',
      value: false,
    })
    assert.equal(cancel.code, 200)
    await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('201')],
      state: 'full',
      value: false,
    })
    const [r201] = await p.query<{ occupancy: string }>('SELECT occupancy FROM pms_room WHERE room_id = $1', [
      id('201'),
    ])
    assert.equal(r201!.occupancy, 'empty')
    const empty = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('101')],
      state: 'empty',
      value: false,
    })
    assert.equal(empty.status, 400)
    const bad = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('101')],
      state: 'sleepy',
      value: true,
    })
    assert.equal(bad.status, 400)
    assert.match(bad.msg, /state/)
    const chart = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart')
    assert.deepEqual(chart.data.counts, { empty: 74, full: 0, notFull: 0, dirty: 1, locked: 0, maintain: 0 })
  })

  test('a long-term closure ends when the room is back in service, not at a clean or while the other flag stays', async () => {
    const p = product()
    const state = (body: object) =>
      call(p, staff.manager, 'put', '/pms/pmsRoom/state', { roomIds: [id('102')], ...body })
    const closed = async () =>
      (
        await p.query<{ long_term_closed: boolean }>(
          'SELECT long_term_closed FROM pms_room WHERE room_id = $1',
          [id('102')],
        )
      )[0]!.long_term_closed
    for (const body of [
      { state: 'maintain', value: true, reason: 'Refit', longTerm: true },
      { state: 'locked', value: true, reason: 'Refit' },
    ])
      assert.equal((await state(body)).code, 200)
    assert.equal(await closed(), true)
    assert.equal((await state({ state: 'dirty', value: false })).code, 200)
    assert.equal(await closed(), true, 'a clean leaves the closure')
    assert.equal((await state({ state: 'maintain', value: false })).code, 200)
    assert.equal(await closed(), true, 'still locked: still out of service')
    assert.equal((await state({ state: 'locked', value: false })).code, 200)
    assert.equal(await closed(), false, 'back in service')
  })

  test("another property's rooms cannot be changed, and nothing is published", async () => {
    const p = product()
    const [apt] = await p.query<{ room_id: string }>(
      'SELECT room_id FROM pms_room WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    const before = await p.query("SELECT * FROM pms_push_record WHERE record_type = 'roomStatus'")
    const res = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('102'), Number(apt!.room_id)],
      state: 'locked',
      value: true,
      reason: 'broken window',
    })
    assert.equal(res.status, 404)
    const [r102] = await p.query<{ locked: boolean }>('SELECT locked FROM pms_room WHERE room_id = $1', [
      id('102'),
    ])
    assert.equal(r102!.locked, false)
    const afterRows = await p.query("SELECT * FROM pms_push_record WHERE record_type = 'roomStatus'")
    assert.equal(afterRows.length, before.length)
  })

  test('a flag changed is stored and announced as one record, the rooms in code-point order, in one statement', async () => {
    const p = product()
    const [a, b] = [id('105'), id('106')]
    // Numbers a collation would order otherwise ('b-7' before 'B-12'); JavaScript's sort, and the record, do not.
    await p.query(
      "UPDATE pms_room SET room_no = CASE room_id WHEN $1 THEN 'b-7' ELSE 'B-12' END WHERE room_id IN ($1, $2)",
      [a, b],
    )
    const desk = await connectConsole(p, 'clerk', staff.clerk)
    try {
      const topic = topics.pushRecord(staff.hotel, 'pms')
      await subscribe(desk, topic)
      const heard = nextMessage(desk, topic)
      const set = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
        roomIds: [a, b],
        state: 'maintain',
        value: true,
        reason: 'leak',
      })
      assert.equal(set.code, 200, set.msg)
      assert.deepEqual(set.data, { roomIds: [a, b] })
      const announced = (await heard) as PushRecord
      assert.deepEqual(announced.title, {
        key: 'roomStock.state.changed',
        params: ['B-12, b-7', { key: 'roomStock.state.set', params: ['@roomStock.state.maintain'] }],
      })
      // What the desks heard is what is stored: the text in the default language, the data, the time.
      const [stored] = await p.query<{ record_id: string; record_title: string; record_body: string }>(
        'SELECT record_id, record_title, record_body FROM pms_push_record WHERE record_id = $1',
        [announced.recordId],
      )
      assert.equal(stored!.record_title, '房态变更：B-12, b-7 设为维修')
      assert.equal(announced.recordTitle, stored!.record_title)
      assert.equal(announced.recordBody, stored!.record_body)
      assert.deepEqual(JSON.parse(stored!.record_body), {
        roomIds: [a, b],
        state: 'maintain',
        value: true,
        reason: 'leak',
      })
      const listed = await call(p, staff.clerk, 'get', '/pms/pmsPushRecord/list', {
        recordType: 'roomStatus',
      })
      const row = listed.rows!.find((r: PushRecord) => r.recordId === announced.recordId)
      assert.deepEqual([row.title, row.createTime, row.state], [announced.title, announced.createTime, '0'])
      const [rooms] = await p.query<{ maintain: number }>(
        "SELECT count(*)::int AS maintain FROM pms_room WHERE room_id IN ($1, $2) AND maintain AND maintain_reason = 'leak'",
        [a, b],
      )
      assert.equal(rooms!.maintain, 2)
    } finally {
      await desk.endAsync()
      await p.query(
        "UPDATE pms_room SET room_no = CASE room_id WHEN $1 THEN '105' ELSE '106' END, maintain = false, maintain_reason = '' WHERE room_id IN ($1, $2)",
        [a, b],
      )
    }
  })

  test('the chart is the rooms read one by one, grouped and counted, for every filter', async () => {
    const p = product()
    await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('102')],
      state: 'locked',
      value: true,
    })
    const rows = await p.query<Record<string, any>>(
      `SELECT b.building_id, b.building_name, f.floor_id, f.floor_no, f.floor_name, r.room_id, r.room_no,
         r.room_type_id, t.type_name, r.occupancy, r.dirty, r.locked, r.maintain
       FROM pms_room r JOIN pms_building b ON b.building_id = r.building_id JOIN pms_floor f ON f.floor_id = r.floor_id
       JOIN pms_room_type t ON t.room_type_id = r.room_type_id WHERE r.property_id = $1
       ORDER BY b.sort, b.building_id, f.floor_no, f.floor_id, r.room_no`,
      [staff.hotel],
    )
    const states = ['empty', 'full', 'notFull', 'dirty', 'locked', 'maintain'] as const
    const has = (t: any, s: (typeof states)[number]) =>
      s === 'dirty' || s === 'locked' || s === 'maintain'
        ? t[s]
        : s === 'full'
          ? t.occupancy !== 'empty' // every occupied room counts as full (not-full ones included)
          : t.occupancy === s
    /** The chart as the protocol describes it, from the rows above. */
    const reference = (roomTypeId?: number, state?: (typeof states)[number]) => {
      const counts = Object.fromEntries(states.map((s) => [s, 0]))
      const buildings: any[] = []
      let total = 0
      for (const r of rows) {
        if (roomTypeId && Number(r.room_type_id) !== roomTypeId) continue
        const tile = {
          roomId: Number(r.room_id),
          roomNo: r.room_no,
          roomTypeId: Number(r.room_type_id),
          typeName: r.type_name,
          occupancy: r.occupancy,
          dirty: r.dirty,
          locked: r.locked,
          maintain: r.maintain,
        }
        total++
        for (const s of states) if (has(tile, s)) counts[s]!++
        if (state && !has(tile, state)) continue
        let b = buildings.at(-1)
        if (b?.buildingId !== Number(r.building_id)) {
          b = { buildingId: Number(r.building_id), buildingName: r.building_name, floors: [] }
          buildings.push(b)
        }
        let f = b.floors.at(-1)
        if (f?.floorId !== Number(r.floor_id)) {
          f = { floorId: Number(r.floor_id), floorNo: r.floor_no, floorName: r.floor_name, rooms: [] }
          b.floors.push(f)
        }
        f.rooms.push(tile)
      }
      return { total, counts, buildings }
    }
    const typeId = Number(rows[0]!.room_type_id)
    for (const roomTypeId of [undefined, typeId])
      for (const state of [undefined, ...states]) {
        const res = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart', { roomTypeId, state })
        assert.equal(res.code, 200, res.msg)
        // The desk's extras (stay in house, today's arrival, reasons, today's figures) have their own tests.
        const { today: _today, ...chart } = res.data
        for (const b of chart.buildings)
          for (const f of b.floors)
            f.rooms = f.rooms.map(
              ({ stay: _s, arrival: _a, lockReason: _l, maintainReason: _m, ...tile }: any) => tile,
            )
        assert.deepEqual(chart, reference(roomTypeId, state), `type ${roomTypeId} state ${state}`)
        assert.deepEqual(Object.keys(res.data.counts), [...states])
      }
    await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [id('102')],
      state: 'locked',
      value: false,
    })
  })

  test('the chart answers 2,000 more rooms in one go', async () => {
    const p = product()
    const b = await call(p, staff.manager, 'post', '/pms/pmsBuilding', { buildingName: 'Tower Z' })
    const t = await call(p, staff.manager, 'post', '/pms/pmsRoomType', { typeName: 'Z', dailyPrice: 1 })
    const made = await call(p, staff.manager, 'post', '/pms/pmsRoom/bulk', {
      buildingId: b.data.buildingId,
      floorFrom: 1,
      floorTo: 100,
      roomFrom: 1,
      roomTo: 20,
      roomTypeId: t.data.roomTypeId,
      pattern: 'Z{floor}-{room}',
    })
    assert.equal(made.data.rooms, 2000)
    const started = performance.now()
    const chart = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart')
    const elapsed = performance.now() - started
    assert.equal(chart.data.total, 2074)
    const tower = chart.data.buildings.find((x: any) => x.buildingName === 'Tower Z')
    assert.equal(tower.floors.length, 100)
    assert.ok(elapsed < 3000, `chart took ${elapsed} ms`)
  })
})
