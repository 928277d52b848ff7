// Browser: house use and complimentary marks on the order screen (night audit stayMark). The manager, who holds
// pms:pmsNightAudit:stayMark, marks an in-house stay house use with a reason (refused without one) and sees the mark on
// the room; the clerk, who does not hold it, sees the mark but no control; the manager then removes it, confirmed.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { beforeAll, describe, test } from 'vitest'
import { apiPoster, screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)
const ROOM_NO = '102'
const REASON = 'Owner stays the night'

describe('stay marks on the order screen', () => {
  const suite = useProductAndBrowser()
  let orderId: number
  let orderRoomId: number

  beforeAll(async () => {
    const [room] = await suite.product.sql<{ room_id: string; room_type_id: string }>(
      `SELECT r.room_id, r.room_type_id FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = $1`,
      [ROOM_NO],
    )
    assert.ok(room, `room ${ROOM_NO}`)
    const asClerk = await apiPoster(suite.product.baseUrl, 'clerk')
    const order = await asClerk('/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: Number(room.room_type_id),
          roomId: Number(room.room_id),
          guests: [{ name: 'Li Lei', idType: 'passport', idNo: 'E1234567' }],
        },
      ],
    })
    orderId = order.data.orderId
    orderRoomId = order.data.rooms[0].orderRoomId
  })

  const storedMark = async () =>
    (
      await suite.product.sql<{ stay_mark: string; stay_mark_reason: string }>(
        'SELECT stay_mark, stay_mark_reason FROM pms_order_room WHERE order_room_id = $1',
        [orderRoomId],
      )
    )[0]

  /** Signs the user in and opens the order: its context, and the room card of the marked stay. */
  const openRoom = async (userName: string) => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, userName)
    await page.goto(`/frontDesk/pmsOrder/detail?orderId=${orderId}`)
    return { context, page, room: page.locator(`[data-testid="order-room"][data-room-no="${ROOM_NO}"]`) }
  }

  test('the manager marks the stay house use with a reason; the clerk sees the mark but no control', async () => {
    const { context, page, room } = await openRoom('manager')
    await room.getByTestId('room-stay-mark').click()
    const dialog = page.getByTestId('stay-mark-dialog')
    await dialog.getByTestId('stay-mark-kind').selectOption('houseUse')
    // No reason: refused in the dialog, nothing stored.
    await dialog.getByTestId('prompt-ok').click()
    await dialog.getByText(en('frontDeskConsole.error.required', [en('stayMark.reason')])).waitFor()
    assert.equal((await storedMark())!.stay_mark, '')
    await dialog.getByTestId('prompt-text').fill(REASON)
    await dialog.getByTestId('prompt-ok').click()

    const badge = room.locator('[data-testid="order-room-mark"][data-mark="houseUse"]')
    await badge.waitFor()
    assert.equal(await badge.textContent(), en('stayMark.badge', [en('stayMark.mark.houseUse'), REASON]))
    assert.deepEqual(await storedMark(), { stay_mark: 'houseUse', stay_mark_reason: REASON })
    await room.getByTestId('room-stay-mark-clear').waitFor()
    assert.equal(await room.getByTestId('room-stay-mark').count(), 0)
    await screenshot(page, 'stay-mark-set')

    const { context: clerkContext, room: clerkRoom } = await openRoom('clerk')
    await clerkRoom.locator('[data-testid="order-room-mark"][data-mark="houseUse"]').waitFor()
    // The room's own buttons are drawn with the mark: the stay-mark controls are simply not among them.
    await clerkRoom.locator('[data-testid^="room-action-"]').first().waitFor()
    assert.equal(await clerkRoom.getByTestId('room-stay-mark').count(), 0)
    assert.equal(await clerkRoom.getByTestId('room-stay-mark-clear').count(), 0)
    await clerkContext.close()

    // Removed, once confirmed: the stay is charged as usual again.
    await room.getByTestId('room-stay-mark-clear').click()
    await page.getByTestId('confirm-ok').click()
    await room.getByTestId('room-stay-mark').waitFor()
    assert.equal(await room.getByTestId('order-room-mark').count(), 0)
    assert.deepEqual(await storedMark(), { stay_mark: '', stay_mark_reason: '' })
    await context.close()
  })
})
