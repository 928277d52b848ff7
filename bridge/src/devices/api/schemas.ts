// JSON schemas of the device API's bodies and params: a bad request is a 400 naming the field, never a device call.
const hex = (bytes: number) => ({ type: 'string', pattern: `^([0-9A-Fa-f]{2}){${bytes}}$` })
const keyType = { type: 'string', enum: ['A', 'B'] }
const deviceId = { type: 'string', minLength: 1, maxLength: 200 }
const sectorNo = { type: 'integer', minimum: 0, maximum: 15 }
const unixSeconds = { type: 'integer', minimum: 0, maximum: 4294967295 }
const cardKey = {
  type: 'object',
  required: ['keyType', 'key'],
  additionalProperties: false,
  properties: { keyType, key: hex(6) },
}
const lockKey = { lockKey: hex(16) }

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
})

export const bodySchemas = {
  cardRead: object({
    deviceId,
    sectors: {
      type: 'array',
      maxItems: 16,
      items: object({ sector: sectorNo, keyType, key: hex(6) }, ['sector', 'keyType', 'key']),
    },
  }),
  cardIssue: object(
    {
      recordId: { type: 'integer', minimum: 1 },
      deviceId,
      grant: {
        type: 'object',
        required: ['format', 'uid'],
        properties: { format: { enum: ['mifare', 'cpu'] } },
      },
      currentKeys: { type: 'array', maxItems: 8, items: cardKey },
    },
    ['recordId', 'grant'],
  ),
  cardErase: object({
    deviceId,
    keys: { type: 'array', maxItems: 32, items: cardKey },
    sectors: { type: 'array', maxItems: 16, items: sectorNo },
  }),
  cardWrite: object(
    {
      deviceId,
      sector: sectorNo,
      // 3 (the trailer) passes the schema so the route can refuse it in words of its own.
      block: { type: 'integer', minimum: 0, maximum: 3 },
      keyType,
      key: hex(6),
      data: hex(16),
    },
    ['sector', 'block', 'keyType', 'key', 'data'],
  ),
  cardTest: object({ deviceId, keyType, key: hex(6) }),
  beep: object({ deviceId }),
  bleScan: object({ durationMs: { type: 'integer', minimum: 100, maximum: 30000 } }),
  bleLock: object(lockKey),
  bleUnlock: object({ ...lockKey, time: unixSeconds }),
  bleSetTime: object({ ...lockKey, time: unixSeconds }),
  bleAddCard: object(
    {
      ...lockKey,
      uid: { type: 'string', pattern: '^([0-9A-Fa-f]{2}){4,10}$' },
      cardType: { type: 'integer', minimum: -128, maximum: 127 },
      validFrom: unixSeconds,
      validUntil: unixSeconds,
    },
    ['uid', 'cardType', 'validFrom', 'validUntil'],
  ),
  bleDeleteCard: object({ ...lockKey, uid: { type: 'string', pattern: '^([0-9A-Fa-f]{2}){4,10}$' } }, [
    'uid',
  ]),
  bleRecords: object({
    ...lockKey,
    start: { type: 'integer', minimum: 0, maximum: 65535 },
    count: { type: 'integer', minimum: 1, maximum: 8 },
  }),
  simPresent: object({ uid: { type: 'string', pattern: '^([0-9A-Fa-f]{2}){4,7}$' } }, ['uid']),
  simClock: object({ time: unixSeconds }, ['time']),
  simReach: object({ inReach: { type: 'boolean' } }, ['inReach']),
} as const

export const macParams = object({ mac: { type: 'string', pattern: '^[0-9A-Fa-f:-]{12,17}$' } }, ['mac'])
export const roomParams = object({ room: { type: 'string', minLength: 1, maxLength: 20 } }, ['room'])
export const uidParams = object({ uid: { type: 'string', pattern: '^([0-9A-Fa-f]{2}){4,7}$' } }, ['uid'])
