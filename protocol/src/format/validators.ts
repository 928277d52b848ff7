// The general format checks of SPEC §5, as pure predicates the console and the server share.

export const isDigits = (text: string): boolean => /^\d+$/.test(text)

/** A number of 5 to 20 digits. */
export const isNumber5To20 = (text: string): boolean => /^\d{5,20}$/.test(text)

/** Mainland China mobile: 11 digits, starting 1, second digit 3 to 9. */
export const isMainlandPhone = (text: string): boolean => /^1[3-9]\d{9}$/.test(text)

export const isEmail = (text: string): boolean =>
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
    text,
  )

export const isIPv4 = (text: string): boolean =>
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(text)

/** A link: starts with http, https, mailto or tel. */
export const isLink = (text: string): boolean => /^(https?:\/\/|mailto:|tel:)\S+$/i.test(text)

/** A URL: scheme http, https or ftp with a host (optional port, path, query). */
export const isUrl = (text: string): boolean =>
  /^(https?|ftp):\/\/([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?([/?#]\S*)?$/.test(text)

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  return day <= days
}

/** `YYYY-MM-DD hh:mm:ss` with a real calendar date and hour 00-23. */
export function isDateTime(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/.exec(text)
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))
}

/** `YYYY-MM-DD` with a real calendar date. */
export function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))
}

/** `hh:mm`, hour 00-23. */
export const isTime = (text: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(text)

/** `hh:mm-hh:mm`. */
export const isTimePeriod = (text: string): boolean =>
  /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/.test(text)

/** Versions: `1.2.3` or `1.2.3b`, the dotted-letter variant `1.2.3.b`, or a decimal such as `2.5`. */
export const isVersion = (text: string): boolean =>
  /^\d+\.\d+\.\d+[A-Za-z]?$/.test(text) ||
  /^\d+\.\d+\.\d+\.[A-Za-z]$/.test(text) ||
  /^\d+(\.\d+)?$/.test(text)

/**
 * SPEC §5's path check for a local card POS sub-path: the port of a desk's card encoder or reader must be a serial
 * device of this machine — a path below /dev/ whose segments never climb out of it (/dev/ttyUSB0,
 * /dev/serial/by-id/usb-…), or a Windows COM port (COM3, \\.\COM12). A file, a relative path or /dev/../etc/… is not
 * opened as a card device.
 */
export function isLocalCardPosPath(path: string): boolean {
  if (/^(\\\\\.\\)?COM[1-9]\d{0,2}$/i.test(path)) return true
  const match = /^\/dev((?:\/[A-Za-z0-9_.:+@-]+)+)$/.exec(path)
  return (
    match !== null &&
    match[1]!
      .split('/')
      .slice(1)
      .every((segment) => segment !== '.' && segment !== '..')
  )
}

/** SPEC §5: an image path without a data prefix gets a PNG base64 prefix (an image sent as bare base64 text). */
export const PNG_BASE64_PREFIX = 'data:image/png;base64,'
export function imageDataSource(image: string): string {
  return image.startsWith('data:') ? image : `${PNG_BASE64_PREFIX}${image}`
}

/** Numeric string: optional sign, integer part without leading zeros, optional decimals. */
export const isNumericString = (text: string): boolean => /^[+-]?(0|[1-9]\d*)(\.\d+)?$/.test(text)

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/** The check character of the first 17 digits of an 18-digit Chinese ID card. */
export function chineseIdCheckChar(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!
  return ID_CHECK[sum % 11]!
}

/** Chinese ID card: 15 digits (two-digit year 19xx) or 18 (17 digits + check digit or X), a real birth date. */
export function isChineseIdCard(text: string): boolean {
  if (/^\d{15}$/.test(text)) {
    return isRealDate(1900 + Number(text.slice(6, 8)), Number(text.slice(8, 10)), Number(text.slice(10, 12)))
  }
  if (!/^\d{17}[\dXx]$/.test(text)) return false
  const year = Number(text.slice(6, 10))
  if (year < 1800 || !isRealDate(year, Number(text.slice(10, 12)), Number(text.slice(12, 14)))) return false
  return chineseIdCheckChar(text.slice(0, 17)) === text[17]!.toUpperCase()
}

/** Phone-like strings of 10 or more characters become first part + '****' + last four (ID numbers: format/mask.ts). */
export function maskPhone(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  if (text.length < 10) return text
  return `${text.slice(0, text.length - 8)}****${text.slice(-4)}`
}

const RANDOM_ALPHABET = 'ABCDEFGHJKMNPQRSTWXYZabcdefhijkmnprstwxyz2345678'

/**
 * A random string, 15 characters by default. `randomBytes` defaults to the platform's Web Crypto
 * (`globalThis.crypto`, present in Node 20 and every browser); tests pass their own.
 */
export function randomString(
  length = 15,
  randomBytes: (n: number) => Uint8Array = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n)),
): string {
  const bytes = randomBytes(length)
  let out = ''
  for (let i = 0; i < length; i++) out += RANDOM_ALPHABET[bytes[i]! % RANDOM_ALPHABET.length]
  return out
}
