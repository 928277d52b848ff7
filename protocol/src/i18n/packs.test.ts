import assert from 'node:assert/strict'
import { test } from 'vitest'
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

test('the layout settings and size options speak Chinese in the Chinese packs, and the sizes are the four of SPEC §2.3', () => {
  for (const lang of ['zh-CN', 'zh-HK'] as const)
    for (const [key, text] of Object.entries(builtInPacks[lang]))
      if (key.startsWith('console.settings.') || key.startsWith('console.nav.size'))
        assert.doesNotMatch(text, /[A-Za-z]/, `${lang} ${key}: ${text}`)
  assert.deepEqual(
    ['sizeDefault', 'sizeMedium', 'sizeSmall', 'sizeMini'].map((k) => translate('en-US', `console.nav.${k}`)),
    ['Default', 'Medium', 'Small', 'Mini'],
  )
  assert.equal(translate('zh-CN', 'console.nav.sizeDefault'), '默认')
})

test('the notifications screen has one name: menu, tab and heading', () => {
  for (const lang of LANGUAGES) {
    const names = [
      'menu.pmsManagement.pmsEvent',
      'console.route.event',
      'console.event.title',
      'console.nav.notifications',
    ]
    assert.equal(new Set(names.map((k) => translate(lang, k))).size, 1, lang)
  }
})

test('the check-in button reads right for one room and for several', () => {
  assert.equal(translate('en-US', 'frontDeskConsole.checkIn.submit', [1]), 'Check in (rooms: 1)')
  assert.equal(translate('en-US', 'frontDeskConsole.checkIn.submit', [3]), 'Check in (rooms: 3)')
})

/** The label families the console shows as state badges (web: <Badge>{t(`<family>.${state}`)}</Badge>). */
const BADGE_FAMILIES = [
  'orders.state',
  'orders.cancelStatus',
  'orders.reserveState',
  'cardRecord.state',
  'cardApply.state',
  'members.state',
  'shift.state',
  'shop.state',
  'financeConsole.voucherState',
  'financeConsole.periodState',
  'jobLog.status',
  'chargeItem.status',
  'device.state',
  'lockAuth.state',
  'agents.status',
  'adminConsole.recordStatus',
  'propertyConsole.auth.state',
]

test('en-US state badges are capitalised labels; the Chinese packs are left as they are', () => {
  const en = builtInPacks['en-US']
  for (const family of BADGE_FAMILIES) {
    const keys = Object.keys(en).filter((k) => k.startsWith(`${family}.`))
    assert.ok(keys.length > 0, `${family} has labels`)
    for (const key of keys) assert.match(en[key]!, /^[A-Z0-9]/, `${key}: "${en[key]}"`)
  }
  assert.equal(translate('en-US', 'orders.state.booking'), 'Booking')
  assert.equal(translate('en-US', 'orders.state.checkIn'), 'Checked in')
  assert.equal(translate('zh-CN', 'orders.state.booking'), '预订')
  assert.equal(translate('zh-HK', 'orders.state.checkIn'), '在住')
})

test('a state named inside an en-US sentence keeps the lower-case word', () => {
  assert.equal(
    translate('en-US', 'orders.actionNotAllowed', [
      translate('en-US', 'orders.action.checkIn'),
      translate('en-US', 'orders.stateInText.checkOut'),
    ]),
    'Cannot check in an order that is checked out',
  )
  assert.equal(
    translate('en-US', 'orders.cancelStatusWrong', [
      translate('en-US', 'orders.cancelStatusInText.applying'),
    ]),
    'Not possible while the cancellation status is cancellation requested',
  )
})
