import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import { fromHex, toHex } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'
import {
  CPU_FILE_LENGTH,
  decodeCpuCardFile,
  encodeCpuCardFile,
  parseResponseApdu,
  readCardFileApdu,
  selectApplicationApdu,
  writeCardFileApdu,
} from './cpu-card.ts'
import { GUEST_101, OTHER_SECRET, SECRET } from './test-fixtures.ts'

const CPU_UID = fromHex('04112233445566')
const GOLDEN_FILE =
  '50430104B31C01CA16CB9046E03E9B8099D694F452295E9180CCE1E0698570FE687CB31FA3CF0268B15A21073C87D6D1' +
  '096918A42A1EEFF22EBB567703000E1246711B9A151DB8B2'

test('golden: the CPU card file of the guest card for room 101', () => {
  assert.equal(CPU_FILE_LENGTH, 72)
  assert.equal(toHex(encodeCpuCardFile(GUEST_101, SECRET, CPU_UID)), GOLDEN_FILE)
  assert.deepEqual(decodeCpuCardFile(fromHex(GOLDEN_FILE), SECRET, CPU_UID), { ok: true, fields: GUEST_101 })
})

const cases: [string, Uint8Array, Uint8Array, Uint8Array, string][] = [
  ['another property', fromHex(GOLDEN_FILE), OTHER_SECRET, CPU_UID, 'foreign'],
  ['another card UID', fromHex(GOLDEN_FILE), SECRET, fromHex('04112233445567'), 'tampered'],
  ['a short file', fromHex(GOLDEN_FILE).subarray(0, 71), SECRET, CPU_UID, 'malformed'],
  ['an empty file', new Uint8Array(0), SECRET, CPU_UID, 'blank'],
  ['a zeroed file', new Uint8Array(72), SECRET, CPU_UID, 'blank'],
  ['a MIFARE header', fromHex(`504B${GOLDEN_FILE.slice(4)}`), SECRET, CPU_UID, 'unknown-format'],
  ['layout version 2', fromHex(`504302${GOLDEN_FILE.slice(6)}`), SECRET, CPU_UID, 'unsupported-version'],
]
for (const [name, file, secret, uid, reason] of cases) {
  test(`CPU file: ${name} → ${reason}`, () =>
    assert.deepEqual(decodeCpuCardFile(file, secret, uid), { ok: false, reason }))
}

test('any byte changed in the file is caught', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 71 }), fc.integer({ min: 1, max: 255 }), (at, x) => {
      const file = fromHex(GOLDEN_FILE)
      file[at]! ^= x
      assert.equal(decodeCpuCardFile(file, SECRET, CPU_UID).ok, false)
    }),
    { numRuns: 300 },
  )
})

test('random files never throw', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 100 }), (file) => {
      assert.equal(decodeCpuCardFile(file, SECRET, CPU_UID).ok, false)
    }),
  )
})

test('APDUs: select the application, read and write the file, split the status word', () => {
  assert.equal(toHex(selectApplicationApdu()), '00A4040008F0504D534341524400')
  assert.equal(toHex(readCardFileApdu()), '00B0810048')
  assert.equal(toHex(writeCardFileApdu(fromHex(GOLDEN_FILE))).slice(0, 12), '00D681004850')
  assert.throws(() => writeCardFileApdu(new Uint8Array(3)), ProtocolError)
  assert.deepEqual(parseResponseApdu(fromHex('01029000')), {
    data: Uint8Array.of(1, 2),
    sw: 0x9000,
    ok: true,
  })
  assert.equal(parseResponseApdu(fromHex('6A82')).ok, false)
  assert.throws(() => parseResponseApdu(Uint8Array.of(0x90)), ProtocolError)
})
