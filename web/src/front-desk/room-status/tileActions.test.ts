import assert from 'node:assert/strict'
import { describe, test } from 'vitest'
import { tileDeskActions } from './tileActions.ts'

const CLERK = [
  'pms:pmsReserve:add',
  'pms:pmsOrder:query',
  'pms:pmsOrder:checkIn',
  'pms:pmsOrder:checkOut',
  'pms:pmsFolio:charge',
  'pms:pmsRoom:state',
]
const tile = (occupancy: 'empty' | 'full' | 'notFull', more = {}) => ({
  occupancy,
  dirty: false,
  locked: false,
  maintain: false,
  ...more,
})

describe('front-desk actions of a room tile', () => {
  test('empty → check in or reserve; occupied → details, add charge, check out', () => {
    assert.deepEqual(tileDeskActions(tile('empty'), CLERK), ['checkIn', 'reserve'])
    assert.deepEqual(tileDeskActions(tile('full'), CLERK), ['details', 'addCharge', 'checkOut'])
    assert.deepEqual(tileDeskActions(tile('notFull'), CLERK), ['details', 'addCharge', 'checkOut'])
  })

  test('dirty → set clean (with the room state permission); a locked room is not checked in', () => {
    assert.deepEqual(tileDeskActions(tile('empty', { dirty: true }), CLERK), [
      'checkIn',
      'reserve',
      'setClean',
    ])
    assert.deepEqual(tileDeskActions(tile('empty', { dirty: true }), ['pms:pmsOrder:checkIn']), ['checkIn'])
    assert.deepEqual(tileDeskActions(tile('empty', { locked: true }), CLERK), [])
  })
})
