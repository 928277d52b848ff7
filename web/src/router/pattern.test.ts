import assert from 'node:assert/strict'
import { test } from 'vitest'
import { compilePattern, matchPattern } from './pattern.ts'
import { matchStatic } from './table.ts'

test('segments, regex parameters and literal dots', () => {
  assert.deepEqual(matchPattern(compilePattern('/private/:lang'), '/private/en-US'), { lang: 'en-US' })
  assert.equal(matchPattern(compilePattern('/private/:lang'), '/private/en/US'), null)
  const digits = compilePattern('/gen/edit/:tableId(\\d+)')
  assert.deepEqual(matchPattern(digits, '/gen/edit/12'), { tableId: '12' })
  assert.equal(matchPattern(digits, '/gen/edit/ab'), null)
  assert.deepEqual(matchPattern(compilePattern('/redirect/:path(.*)'), '/redirect/system/user'), {
    path: 'system/user',
  })
  assert.equal(matchPattern(compilePattern('/a.b'), '/axb'), null)
})

test('the route table of SPEC §2.1', () => {
  assert.equal(
    matchStatic('/orderSystem/ordSysOrder/export/42')?.route.screen,
    'orderSystem/ordSysOrder/export',
  )
  assert.equal(matchStatic('/orderSystem/ordSysOrder/export/4x'), null)
  assert.equal(matchStatic('/dict/type/data/7')?.params.dictId, '7')
  assert.equal(matchStatic('/index')?.route.affix, true)
  assert.equal(matchStatic('/ygs/qrcode/kk/gw/print')?.route.screen, 'ygs/qrcode/kk/gw/print')
  assert.equal(matchStatic('/nowhere'), null)
})
