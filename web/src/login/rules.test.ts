import assert from 'node:assert/strict'
import { test } from 'vitest'
import { checkCodeRequest, phoneParam } from './codeRules.ts'
import { accountKind, checkPassword, checkPasswordLogin, checkPasswordPair } from './rules.ts'

test('the username format decides between email and phone', () => {
  assert.equal(accountKind('guest@example.com'), 'email')
  assert.equal(accountKind(' 13800000000 '), 'phone')
  assert.equal(accountKind('manager'), null)
})

test('code requests: empty, wrong formats, area code, mainland and per-country lengths', () => {
  assert.deepEqual(checkCodeRequest('  ', '0086'), { key: 'console.login.phoneOrEmailEmpty' })
  assert.deepEqual(checkCodeRequest('a@b', '0086'), { key: 'console.login.emailFormat' })
  assert.deepEqual(checkCodeRequest('manager', '0086'), { key: 'console.login.formatWrong' })
  assert.deepEqual(checkCodeRequest('1234', '0086'), { key: 'console.login.phoneFormat' })
  assert.deepEqual(checkCodeRequest('13800000000', ''), { key: 'console.login.areaCodeEmpty' })
  assert.deepEqual(checkCodeRequest('12800000000', '0086'), { key: 'console.login.phoneFormat' })
  assert.equal(checkCodeRequest('13800000000', '0086'), null)
  assert.equal(checkCodeRequest('guest@example.com', undefined), null)
  assert.deepEqual(checkCodeRequest('91234567890', '0852'), {
    key: 'console.login.phoneLength',
    params: [6, 10],
  })
  assert.equal(checkCodeRequest('91234567', '0852'), null)
})

test('the phone parameter is area code, dash, number', () => {
  assert.equal(phoneParam('0086', ' 13800000000'), '0086-13800000000')
})

test('passwords are 6 to 20 characters and both entries must match', () => {
  assert.deepEqual(checkPassword(''), { key: 'console.login.passwordEmpty' })
  assert.deepEqual(checkPassword('12345'), { key: 'console.register.passwordLength' })
  assert.deepEqual(checkPassword('x'.repeat(21)), { key: 'console.register.passwordLength' })
  assert.equal(checkPassword('123456'), null)
  assert.deepEqual(checkPasswordPair('123456', '1234567'), { key: 'console.register.passwordMismatch' })
  assert.equal(checkPasswordPair('123456', '123456'), null)
})

test('password login needs an account, a password and, when shown, the captcha', () => {
  assert.deepEqual(checkPasswordLogin(' ', 'x', null), { key: 'console.login.accountEmpty' })
  assert.deepEqual(checkPasswordLogin('admin', '', null), { key: 'console.login.passwordEmpty' })
  assert.deepEqual(checkPasswordLogin('admin', 'x', ''), { key: 'console.login.captchaEmpty' })
  assert.equal(checkPasswordLogin('admin', 'x', null), null)
})
