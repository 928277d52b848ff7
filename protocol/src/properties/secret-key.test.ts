import assert from 'node:assert/strict'
import { createCipheriv, createHash } from 'node:crypto'
import { test } from 'vitest'
import {
  decryptApiSecret,
  encryptApiSecret,
  formatSecretKeyCode,
  normalizeSecretKeyCode,
} from './secret-key.ts'

test('codes are padded with leading zeros to a multiple of 4 and shown in groups of 4', () => {
  const cases: Array<[string | number, string | undefined, string]> = [
    ['1', '0001', '0001'],
    ['1234', '1234', '1234'],
    ['12345', '00012345', '0001 2345'],
    [123456789012, '123456789012', '1234 5678 9012'],
    ['0001 2345', '00012345', '0001 2345'],
    [' 98 7654321 ', '0987654321'.padStart(12, '0'), '0009 8765 4321'],
    ['12a4', undefined, '12a4'],
    ['', undefined, ''],
  ]
  for (const [input, normal, shown] of cases) {
    assert.equal(normalizeSecretKeyCode(input), normal, String(input))
    assert.equal(formatSecretKeyCode(input), shown, String(input))
  }
})

test('a sealed secret opens with the same code, typed with or without groups', async () => {
  const sealed = await encryptApiSecret('a'.repeat(64), '12345')
  assert.equal(await decryptApiSecret(sealed, '0001 2345'), 'a'.repeat(64))
  assert.equal(await decryptApiSecret(sealed, 12345), 'a'.repeat(64))
  await assert.rejects(decryptApiSecret(sealed, '12346'))
})

test('the key is SHA-256 of the padded code: Node AES-256-GCM output opens with the helper', async () => {
  const key = createHash('sha256').update('00012345').digest()
  const iv = Buffer.from('000102030405060708090a0b', 'hex')
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update('property secret', 'utf8'), cipher.final(), cipher.getAuthTag()])
  const opened = await decryptApiSecret(
    { cipher: body.toString('base64'), iv: iv.toString('base64') },
    '1 2345',
  )
  assert.equal(opened, 'property secret')
})
