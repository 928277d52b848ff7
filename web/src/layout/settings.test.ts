import assert from 'node:assert/strict'
import { test } from 'vitest'
import { DEFAULT_SETTINGS, parseSettings } from './settings.ts'

test('missing, damaged or invalid stored settings fall back to the defaults', () => {
  assert.deepEqual(parseSettings(null), DEFAULT_SETTINGS)
  assert.deepEqual(parseSettings('{oops'), DEFAULT_SETTINGS)
  assert.deepEqual(
    parseSettings('{"themeColor":"chartreuse","size":"huge","tagsView":"yes"}'),
    DEFAULT_SETTINGS,
  )
})

test('valid stored settings are kept', () => {
  const s = parseSettings('{"tagsView":false,"themeColor":"teal","size":"mini","sidebarOpen":false}')
  assert.deepEqual(s, {
    ...DEFAULT_SETTINGS,
    tagsView: false,
    themeColor: 'teal',
    size: 'mini',
    sidebarOpen: false,
  })
})
