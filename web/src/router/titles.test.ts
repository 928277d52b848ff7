import assert from 'node:assert/strict'
import { test } from 'vitest'
import { pageTitle } from './titles.ts'

test('order pages become check-in pages when the property has the apartment check-in flag', () => {
  assert.equal(
    pageTitle('pms/pmsOrder/index', 'menu.order', ['PmsApartmentCheckIn']),
    'console.route.checkInManagement',
  )
  assert.equal(
    pageTitle('pms/pmsOrder/detail', 'menu.orderDetail', ['PmsApartmentCheckIn']),
    'console.route.checkInDetails',
  )
  assert.equal(pageTitle('pms/pmsOrder/index', 'menu.order', []), 'menu.order')
  assert.equal(pageTitle('index', 'console.route.home', ['PmsApartmentCheckIn']), 'console.route.home')
})
