import assert from 'node:assert/strict'
import { test } from 'node:test'
import { builtInPacks } from '@pms/protocol'
import { BUILT_IN_OPTIONS, languageOptions, mergePacks, packsFromServer } from './packs.ts'

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

test('server entries are merged over the built-in packs', () => {
  const merged = mergePacks([{ code: 'en-US', messages: { 'common.success': 'Done' } }])
  assert.equal(merged['en-US']['common.success'], 'Done')
  assert.equal(merged['en-US']['error.403'], builtInPacks['en-US']['error.403'])
  assert.equal(merged['zh-CN']['common.success'], builtInPacks['zh-CN']['common.success'])
})

test('language options fall back to the built-ins when the server list fails or is empty', () => {
  assert.deepEqual(languageOptions(undefined), BUILT_IN_OPTIONS)
  assert.deepEqual(languageOptions([]), BUILT_IN_OPTIONS)
  assert.deepEqual(languageOptions([{ name: 'English', code: 'en-US' }]), [
    { name: 'English', code: 'en-US' },
  ])
})
