import assert from 'node:assert/strict'
import { isAbsolute } from 'node:path'
import { test } from 'vitest'
import { ConfigError, loadServerConfig } from './config.ts'

test('defaults are merged and the data folder made absolute', () => {
  const config = loadServerConfig({})
  assert.equal(config.topicPrefix, 'pms')
  assert.equal(config.demo, false)
  assert.equal(config.captchaDefault, true)
  assert.equal(config.logLevel, 'info')
  assert.ok(isAbsolute(config.dataDir))
})

test('environment variables and overrides are read, overrides win', () => {
  const config = loadServerConfig(
    {
      DATABASE_URL: 'postgres://u@h/db',
      DATABASE_POOL_SIZE: '9',
      MQTT_URL: 'mqtt://h:1883',
      PMS_DEMO: 'yes',
      PMS_CAPTCHA: 'false',
      LOG_LEVEL: 'warn',
    },
    { logLevel: 'error' },
  )
  assert.equal(config.databaseUrl, 'postgres://u@h/db')
  assert.equal(config.databasePoolSize, 9)
  assert.equal(config.mqttUrl, 'mqtt://h:1883')
  assert.equal(config.demo, true)
  assert.equal(config.captchaDefault, false)
  assert.equal(config.logLevel, 'error')
})

test('a bad value is refused with the field named', () => {
  assert.throws(
    () => loadServerConfig({ DATABASE_URL: 'mysql://x' }),
    (e: Error) => e instanceof ConfigError && /databaseUrl/.test(e.message),
  )
  for (const size of ['0', 'ten', '2.5', '101'])
    assert.throws(
      () => loadServerConfig({ DATABASE_POOL_SIZE: size }),
      (e: Error) => e instanceof ConfigError && /databasePoolSize/.test(e.message),
      size,
    )
  assert.throws(
    () => loadServerConfig({ LOG_LEVEL: 'loud' }),
    (e: Error) => e instanceof ConfigError && /logLevel/.test(e.message),
  )
  assert.throws(
    () => loadServerConfig({ PMS_ADMIN_PASSWORD: '123' }),
    (e: Error) => e instanceof ConfigError && /adminPassword/.test(e.message),
  )
})
