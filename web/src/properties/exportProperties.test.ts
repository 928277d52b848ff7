import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { test } from 'vitest'
import type { Translate } from '../i18n/translate.ts'
import { propertyExportFileName, propertySheet } from './exportProperties.ts'

const en: Translate = (key, params) => translate('en-US', key, params)

test('the sheet has the code, name, address and type columns, a row per property and a total row', () => {
  const sheet = propertySheet(
    [
      { propertyCode: 'DEMO-HOTEL', propertyName: 'Sea Hotel', address: '1 Coast Road', types: ['Hotel'] },
      { propertyCode: 'DEMO-APT', propertyName: 'City Flats', address: null, types: ['Apartment', 'Office'] },
    ],
    en,
  )
  assert.deepEqual(sheet.header, ['Code', 'Name', 'Address', 'Type'])
  assert.deepEqual(sheet.rows, [
    ['DEMO-HOTEL', 'Sea Hotel', '1 Coast Road', 'Hotel'],
    ['DEMO-APT', 'City Flats', '', 'Apartment, Office'],
    ['Total', '2 properties'],
  ])
})

test('an empty list still has its header and a zero total', () => {
  assert.deepEqual(propertySheet([], en).rows, [['Total', '0 properties']])
})

test('the file is named with the local timestamp', () => {
  assert.equal(propertyExportFileName(new Date(2024, 0, 5, 9, 3, 7)), 'properties_20240105090307.xlsx')
})
