import assert from 'node:assert/strict'
import { test } from 'vitest'
import { formatDateTime } from './format.ts'

test('date-times show as y-m-d h:i:s in local time; junk passes through', () => {
  assert.equal(formatDateTime(new Date(2024, 0, 5, 7, 8, 9)), '2024-01-05 07:08:09')
  assert.equal(formatDateTime(new Date(2024, 0, 5, 7, 8, 9).toISOString()), '2024-01-05 07:08:09')
  assert.equal(formatDateTime(''), '')
  assert.equal(formatDateTime('soon'), 'soon')
})
