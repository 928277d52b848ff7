import assert from 'node:assert/strict'
import { test } from 'vitest'
import { cardKeyEndTime } from './card-end-time.ts'
import {
  chineseIdCheckChar,
  imageDataSource,
  isChineseIdCard,
  isDateTime,
  isDigits,
  isEmail,
  isIPv4,
  isLink,
  isLocalCardPosPath,
  isMainlandPhone,
  isNumber5To20,
  isNumericString,
  isTime,
  isTimePeriod,
  isUrl,
  isVersion,
  maskPhone,
  randomString,
} from './validators.ts'

type Case = readonly [string, boolean]
const tables: Record<string, [(s: string) => boolean, readonly Case[]]> = {
  digits: [
    isDigits,
    [
      ['0123', true],
      ['', false],
      ['12a', false],
      ['-1', false],
    ],
  ],
  'number of 5-20 digits': [
    isNumber5To20,
    [
      ['12345', true],
      ['1234', false],
      ['1'.repeat(20), true],
      ['1'.repeat(21), false],
    ],
  ],
  'mainland phone': [
    isMainlandPhone,
    [
      ['13800138000', true],
      ['19912345678', true],
      ['12800138000', false],
      ['1380013800', false],
      ['23800138000', false],
    ],
  ],
  email: [
    isEmail,
    [
      ['front.desk@hotel.example.com', true],
      ['a@b', false],
      ['no-at.example.com', false],
      ['a b@c.com', false],
    ],
  ],
  ipv4: [
    isIPv4,
    [
      ['10.0.0.1', true],
      ['255.255.255.255', true],
      ['256.0.0.1', false],
      ['1.2.3', false],
      ['01.2.3.4', false],
    ],
  ],
  link: [
    isLink,
    [
      ['https://x.cn', true],
      ['http://a', true],
      ['mailto:a@b.c', true],
      ['tel:123', true],
      ['ftp://x', false],
      ['www.x.cn', false],
    ],
  ],
  url: [
    isUrl,
    [
      ['https://hotel.example.com/a?b=1', true],
      ['ftp://files.example.com', true],
      ['http://localhost:4780', true],
      ['mailto:a@b.c', false],
      ['https://', false],
    ],
  ],
  datetime: [
    isDateTime,
    [
      ['2024-02-29 23:59:59', true],
      ['2023-02-29 10:00:00', false],
      ['2024-01-01 24:00:00', false],
      ['2024-01-01', false],
    ],
  ],
  time: [
    isTime,
    [
      ['00:00', true],
      ['23:59', true],
      ['24:00', false],
      ['9:00', false],
    ],
  ],
  'time period': [
    isTimePeriod,
    [
      ['08:00-12:30', true],
      ['08:00-24:00', false],
      ['08:00', false],
    ],
  ],
  version: [
    isVersion,
    [
      ['1.2.3', true],
      ['1.2.3a', true],
      ['1.2.3.b', true],
      ['2.5', true],
      ['3', true],
      ['1.2', true],
      ['1.2.3.4', false],
      ['v1.2.3', false],
      ['1.2.3ab', false],
    ],
  ],
  'numeric string': [
    isNumericString,
    [
      ['0', true],
      ['-12.50', true],
      ['+3', true],
      ['012', false],
      ['1.', false],
      ['.5', false],
      ['', false],
    ],
  ],
}

for (const [name, [check, cases]] of Object.entries(tables)) {
  for (const [input, expected] of cases) {
    test(`${name}: ${JSON.stringify(input)} → ${expected}`, () => assert.equal(check(input), expected))
  }
}

test('Chinese ID card: 18 digits with the ISO 7064 check, 15 digits with a date check', () => {
  assert.equal(chineseIdCheckChar('11010519491231002'), 'X')
  assert.equal(isChineseIdCard('11010519491231002X'), true)
  assert.equal(isChineseIdCard('11010519491231002x'), true)
  assert.equal(isChineseIdCard('110105194912310021'), false)
  assert.equal(isChineseIdCard('11010519490231002X'), false)
  assert.equal(isChineseIdCard('110105491231002'), true)
  assert.equal(isChineseIdCard('110105491331002'), false)
  assert.equal(isChineseIdCard('1101054912310'), false)
})

test('phones of 10 or more characters are masked, shorter ones are left alone', () => {
  assert.equal(maskPhone('13800138000'), '138****8000')
  assert.equal(maskPhone('0086-13800138000'), '0086-138****8000')
  assert.equal(maskPhone('123456789'), '123456789')
})

test('random strings are 15 characters by default and come from the given source', () => {
  assert.equal(randomString().length, 15)
  assert.equal(
    randomString(4, (n) => new Uint8Array(n)),
    'AAAA',
  )
  assert.notEqual(randomString(), randomString())
})

test('card-key end time: datetime as is, date-only at 23:59:59, seconds, capped', () => {
  assert.equal(cardKeyEndTime('2024-05-01 12:00:00', 'Asia/Shanghai'), 1714536000)
  assert.equal(cardKeyEndTime('2024-05-01', 'Asia/Shanghai'), 1714579199)
  assert.equal(cardKeyEndTime('2024-05-01', 'UTC'), 1714607999)
  // Summer time: New York is 4 hours behind UTC in July, 5 in January.
  assert.equal(cardKeyEndTime('2024-07-01 12:00:00', 'America/New_York'), Date.UTC(2024, 6, 1, 16) / 1000)
  assert.equal(cardKeyEndTime('2024-01-01 12:00:00', 'America/New_York'), Date.UTC(2024, 0, 1, 17) / 1000)
  assert.equal(cardKeyEndTime('2200-01-01', 'UTC'), 4294967295)
  assert.equal(cardKeyEndTime(5e12), 4294967295)
  assert.equal(cardKeyEndTime(1714536000.7), 1714536000)
  assert.equal(cardKeyEndTime('tomorrow'), undefined)
  assert.equal(cardKeyEndTime('2024-02-30', 'UTC'), undefined)
  const local = cardKeyEndTime('2024-05-01')!
  assert.equal(local, Math.floor(new Date(2024, 4, 1, 23, 59, 59).getTime() / 1000))
})

test.each([
  ['/dev/ttyUSB0', true],
  ['/dev/ttySIM0', true],
  ['/dev/serial/by-id/usb-Silicon_Labs_CP2102-if00-port0', true],
  ['/dev/serial/by-path/pci-0000:00:14.0-usb-0:1:1.0-port0', true],
  ['COM3', true],
  ['com12', true],
  ['\\\\.\\COM12', true],
  ['/etc/passwd', false],
  ['/dev/../etc/passwd', false],
  ['/dev/./ttyUSB0', false],
  ['/dev/', false],
  ['/dev', false],
  ['dev/ttyUSB0', false],
  ['/dev//ttyUSB0', false],
  ['/dev/tty USB0', false],
  ['COM0', false],
  ['C:\\Windows\\win.ini', false],
])('local card POS sub-path %s → %s', (path, expected) => {
  assert.equal(isLocalCardPosPath(path), expected)
})

test('an image without a data prefix gets the PNG base64 prefix; one with a prefix is kept', () => {
  assert.equal(imageDataSource('iVBORw0KGgo='), 'data:image/png;base64,iVBORw0KGgo=')
  assert.equal(imageDataSource('data:image/svg+xml;base64,PHN2Zz4='), 'data:image/svg+xml;base64,PHN2Zz4=')
})
