// readPropertyConfig, as the front desk calls it: defaults for a property that never saved, stored fields over them.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROPERTY_CONFIG_DEFAULTS } from '@pms/protocol/api/properties'
import { afterAll, beforeAll, test } from 'vitest'
import { type Database, openDatabase } from '../db/client.ts'
import { property } from '../db/schema/index.ts'
import { readPropertyConfig, savePropertyConfig } from './config.ts'

let database: Database
let dir: string
let propertyId: number

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pms-property-config-'))
  database = await openDatabase({ dataDir: dir })
  const [row] = await database.db.insert(property).values({ propertyName: 'Config inn' }).returning()
  propertyId = row!.propertyId
})

afterAll(async () => {
  await database.sql.close()
  rmSync(dir, { recursive: true, force: true })
})

test('a property that never saved gets the defaults: check-out 12:00 fixed, hourly overtime after 30 min', async () => {
  const config = await readPropertyConfig(database.db, propertyId)
  assert.deepEqual(config, { ...PROPERTY_CONFIG_DEFAULTS, propertyId, updateTime: null })
  assert.equal(config.checkOutTime, '12:00')
  assert.deepEqual(config.overtime, { mode: 'hourly', graceMinutes: 30, hourlyCents: 0, capCents: 0 })
})

test('saved fields replace the defaults; nested rules are replaced whole, merchant settings by field', async () => {
  await savePropertyConfig(database.db, propertyId, {
    checkOutTime: '14:00',
    overtime: { mode: 'startingFee', afterMinutes: 60, feeCents: 8800 },
  })
  await savePropertyConfig(database.db, propertyId, { merchant: { merchantName: 'Inn Ltd' } as never })
  const config = await readPropertyConfig(database.db, propertyId)
  assert.equal(config.checkOutTime, '14:00')
  assert.deepEqual(config.overtime, { mode: 'startingFee', afterMinutes: 60, feeCents: 8800 })
  assert.deepEqual(config.merchant, { merchantName: 'Inn Ltd', merchantNo: '', taxNo: '' })
  assert.equal(config.fullDayAfterMinutes, PROPERTY_CONFIG_DEFAULTS.fullDayAfterMinutes)
  assert.equal(typeof config.updateTime, 'string')
  const returned = PROPERTY_CONFIG_DEFAULTS.overtime
  assert.equal(returned.mode, 'hourly', 'the shared defaults are not mutated by a read')
})
