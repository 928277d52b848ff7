// Card scopes for the issuing form (the current property's buildings, floors, rooms) and the card menu's visibility.
import assert from 'node:assert/strict'
import { test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

const SCOPES = '/prod-api/pms/pmsCardRecord/scopes'

interface ScopeBody {
  code: number
  data: {
    buildings: {
      buildingName: string
      floors: { floorNo: number; rooms: { roomId: number; roomNo: string }[] }[]
    }[]
  }
}

describeProduct('card scopes and the card menu', (product) => {
  test('a clerk gets the hotel’s buildings, floors and rooms in order, and only its own', async () => {
    const token = await product().login('clerk')
    const res = await product().http.get(SCOPES).set(bearer(token))
    assert.equal(res.status, 200)
    const body = res.body as ScopeBody
    const rooms = body.data.buildings.flatMap((b) => b.floors.flatMap((f) => f.rooms.map((r) => r.roomNo)))
    assert.ok(rooms.includes('101') && rooms.includes('510') && rooms.includes('B308'))
    const first = body.data.buildings[0]!
    assert.deepEqual(
      first.floors.map((f) => f.floorNo),
      [1, 2, 3, 4, 5],
    )
    assert.equal(first.floors[0]!.rooms[0]!.roomNo, '101')
    const [row] = await product().query<{ n: string }>(
      `SELECT count(*) AS n FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
        WHERE p.property_code = 'DEMO-HOTEL'`,
    )
    assert.equal(rooms.length, Number(row!.n))
    const ids = body.data.buildings.flatMap((b) => b.floors.flatMap((f) => f.rooms.map((r) => r.roomId)))
    const foreign = await product().query<{ room_id: string }>(
      `SELECT r.room_id FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
        WHERE p.property_code <> 'DEMO-HOTEL'`,
    )
    for (const f of foreign) assert.ok(!ids.includes(Number(f.room_id)))
  })

  test('without any issue permission the scopes are refused and the card screen leaves the menu', async () => {
    await product().query(
      `DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'front_desk')
         AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms LIKE 'pms:pms%ManageCard:issue')`,
    )
    const token = await product().login('clerk')
    assert.equal((await product().http.get(SCOPES).set(bearer(token))).body.code, 403)
    const paths = (t: string) =>
      product()
        .http.get('/prod-api/system/menu/getRouters')
        .set(bearer(t))
        .then((r) => JSON.stringify(r.body.data))
    assert.match(await paths(token), /pms\/pmsCard\/index/, 'the record list still shows the screen')
    await product().query(
      `DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'front_desk')
         AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms LIKE 'pms:pmsCardRecord:%')`,
    )
    assert.doesNotMatch(await paths(await product().login('clerk')), /pms\/pmsCard\/index/)
  })
})
