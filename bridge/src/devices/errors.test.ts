import assert from 'node:assert/strict'
import { builtInPacks, LANGUAGES, translate } from '@pms/protocol/i18n/index'
import { describe, it } from 'vitest'
import { DeviceError, DeviceErrorCode, DeviceKind, DeviceState } from './index.ts'

describe('device errors and the language packs', () => {
  it('has a message for every error code, state and kind in every language', () => {
    const keys = [
      ...Object.values(DeviceErrorCode).map((c) => `device.error.${c}`),
      ...Object.values(DeviceState).map((s) => `device.state.${s}`),
      ...Object.values(DeviceKind).map((k) => `device.kind.${k}`),
    ]
    for (const lang of LANGUAGES) for (const key of keys) assert.ok(builtInPacks[lang][key], `${lang} ${key}`)
  })

  it('carries a key and params the HTTP layer translates', () => {
    const e = new DeviceError('timeout', { operation: 'issue', ms: 5000 })
    assert.equal(e.messageKey, 'device.error.timeout')
    assert.equal(translate('en-US', e.messageKey, e.params), 'The device timed out: issue (5000 ms)')
    assert.deepEqual(JSON.parse(JSON.stringify(e)).params, { operation: 'issue', ms: 5000 })
  })
})
