import assert from 'node:assert/strict'
import { test } from 'node:test'
import { builtInPacks, LANGUAGES, pickLanguage, translate } from './index.ts'

test('every language pack has exactly the same keys', () => {
  const reference = Object.keys(builtInPacks['zh-CN']).sort()
  assert.ok(reference.length > 0)
  for (const lang of LANGUAGES) {
    const keys = Object.keys(builtInPacks[lang]).sort()
    const missing = reference.filter((k) => !keys.includes(k))
    const extra = keys.filter((k) => !reference.includes(k))
    assert.deepEqual({ lang, missing, extra }, { lang, missing: [], extra: [] })
  }
})

test('no pack entry is empty', () => {
  for (const lang of LANGUAGES) {
    for (const [key, text] of Object.entries(builtInPacks[lang]))
      assert.ok(text.trim(), `${lang} ${key} is empty`)
  }
})

test('placeholders are filled by position and by name', () => {
  assert.equal(
    translate('en-US', 'validation.maxLength', ['userName', 30]),
    'userName must be at most 30 characters',
  )
  assert.equal(translate('en-US', 'error.notFound', { 0: 'User' }), 'User does not exist')
  assert.equal(translate('en-US', 'no.such.key'), 'no.such.key')
})

test('Accept-Language picks the nearest built-in language', () => {
  assert.equal(pickLanguage(undefined), 'zh-CN')
  assert.equal(pickLanguage('en-GB,en;q=0.9'), 'en-US')
  assert.equal(pickLanguage('zh-TW'), 'zh-HK')
  assert.equal(pickLanguage('zh-HK'), 'zh-HK')
  assert.equal(pickLanguage('fr-FR, zh;q=0.5'), 'zh-CN')
})
