import assert from 'node:assert/strict'
import { test } from 'vitest'
import { BUILT_IN_OPTIONS, baseLanguage, languageOptions, packsFromServer } from './packs.ts'

test('server packs become entries of a code and a key-to-content map', () => {
  const data = [
    { 'en-US': [{ languageKey: 'console.nav.logout', content: 'Sign out' }] },
    { 'fr-FR': [{ languageKey: 'console.nav.logout', content: 'Déconnexion' }, { languageKey: 'x' }] },
  ]
  assert.deepEqual(packsFromServer(data), [
    { code: 'en-US', messages: { 'console.nav.logout': 'Sign out' } },
    { code: 'fr-FR', messages: { 'console.nav.logout': 'Déconnexion' } },
  ])
  assert.deepEqual(packsFromServer(null), [])
})

test('a language starts from its own built-in pack, one only the server knows from English', () => {
  assert.equal(baseLanguage('zh-HK'), 'zh-HK')
  assert.equal(baseLanguage('fr-FR'), 'en-US')
  assert.equal(baseLanguage(''), 'zh-CN')
})

test('language options fall back to the built-ins when the server list fails or is empty', () => {
  assert.deepEqual(languageOptions(undefined), BUILT_IN_OPTIONS)
  assert.deepEqual(languageOptions([]), BUILT_IN_OPTIONS)
  assert.deepEqual(languageOptions([{ name: 'English', code: 'en-US' }]), [
    { name: 'English', code: 'en-US' },
  ])
})
