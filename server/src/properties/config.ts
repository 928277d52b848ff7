// A property's configuration (SPEC §3, §9 hotel timing, overtime and points rules): stored as one JSON document,
// validated on write, merged over the defaults on read. The front desk reads it for check-out charges.
import { MAX_STAY_NIGHTS, PROPERTY_CONFIG_DEFAULTS, type PropertyConfig } from '@pms/protocol/api/properties'
import type { MemberSettings } from '@pms/protocol/members/ledger'
import { Type } from '@sinclair/typebox'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { propertySettings } from '../db/schema/index.ts'

export type StoredConfig = Partial<Omit<PropertyConfig, 'propertyId' | 'updateTime' | 'members'>> & {
  members?: Partial<MemberSettings>
}

const Minutes = (max: number) => Type.Integer({ minimum: 0, maximum: max })
/**
 * A nullable number as one JSON-schema type list: the request validator coerces types, and a union would turn null
 * into 0 (number first) or 0 into null (null first); with a type list a value of either type is left as it is.
 */
const Nullable = (type: 'integer' | 'number', range: { minimum: number; maximum: number }) =>
  Type.Unsafe<number | null>({ type: [type, 'null'], ...range })
const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000 })

/** The writable fields of PUT /pms/pmsProperty/propertyConfig (all optional; what is sent replaces what is stored). */
export const PropertyConfigFields = Type.Object(
  {
    latitude: Nullable('number', { minimum: -90, maximum: 90 }),
    longitude: Nullable('number', { minimum: -180, maximum: 180 }),
    introduction: Type.String({ maxLength: 2000 }),
    checkOutTime: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }),
    hourUnitMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
    checkOutMode: Type.Union([Type.Literal('fixed'), Type.Literal('24h')]),
    overtime: Type.Union([
      Type.Object(
        {
          mode: Type.Literal('hourly'),
          graceMinutes: Minutes(1440),
          hourlyCents: Cents,
          capCents: Cents,
        },
        { additionalProperties: false },
      ),
      Type.Object(
        { mode: Type.Literal('startingFee'), afterMinutes: Minutes(1440), feeCents: Cents },
        { additionalProperties: false },
      ),
    ]),
    fullDayAfterMinutes: Nullable('integer', { minimum: 0, maximum: 2880 }),
    points: Type.Object(
      {
        points: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
        per: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
      },
      { additionalProperties: false },
    ),
    // Member settings are merged by field: a PUT may change one of them.
    members: Type.Partial(
      Type.Object(
        {
          spendOrder: Type.Union([Type.Literal('baseFirst'), Type.Literal('giftFirst')]),
          pointsPerUnit: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
          pointsPayCapPercent: Type.Integer({ minimum: 0, maximum: 100 }),
          pointsValidityMonths: Type.Integer({ minimum: 0, maximum: 120 }),
        },
        { additionalProperties: false },
      ),
    ),
    maxOnlineRooms: Type.Integer({ minimum: 0, maximum: 10_000 }),
    maxNights: Type.Integer({ minimum: 1, maximum: MAX_STAY_NIGHTS }),
    overbookRooms: Type.Integer({ minimum: 0, maximum: 100 }),
    onlineBooking: Type.Boolean(),
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    nightAuditTime: Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d)?$' }),
    noShowRule: Type.Union([Type.Literal('noShow'), Type.Literal('keep')]),
    openShiftRule: Type.Union([Type.Literal('close'), Type.Literal('block')]),
    requireShift: Type.Boolean(),
    availabilityRule: Type.Union([Type.Literal('deductOutOfOrder'), Type.Literal('usali')]),
    merchant: Type.Object(
      {
        merchantName: Type.String({ maxLength: 100 }),
        merchantNo: Type.String({ maxLength: 64 }),
        taxNo: Type.String({ maxLength: 64 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)

/** Stored values over the defaults; nested objects are replaced whole except the merchant and member settings, merged by field. */
export function mergeConfig(
  propertyId: number,
  stored: StoredConfig | undefined,
  updateTime: Date | null,
): PropertyConfig {
  const d = PROPERTY_CONFIG_DEFAULTS
  const s = stored ?? {}
  // Object.assign, not a literal with fields after spreads (every reservation reads its property's configuration):
  // see server/src/db/README.md, "Objects on the hot path".
  return Object.assign({}, d, s, {
    overtime: { ...(s.overtime ?? d.overtime) },
    points: { ...(s.points ?? d.points) },
    members: { ...d.members, ...s.members },
    merchant: { ...d.merchant, ...s.merchant },
    propertyId,
    updateTime: updateTime ? updateTime.toISOString() : null,
  })
}

/**
 * The configuration of a property, with the defaults of PROPERTY_CONFIG_DEFAULTS for whatever was never saved
 * (check-out 12:00 fixed, hour unit 60 min, overtime hourly after 30 min grace at 0 cents, a full day after 360 min).
 * It does not check that the property exists or that the caller may see it: callers scope the id first.
 */
export async function readPropertyConfig(db: Db, propertyId: number): Promise<PropertyConfig> {
  const [row] = await db.select().from(propertySettings).where(eq(propertySettings.propertyId, propertyId))
  return mergeConfig(propertyId, row?.config as StoredConfig | undefined, row?.updateTime ?? null)
}

/** Saves the changed fields over what is stored (insert or update), returning the merged result. */
export async function savePropertyConfig(
  db: Db,
  propertyId: number,
  changes: StoredConfig,
): Promise<PropertyConfig> {
  const [row] = await db.select().from(propertySettings).where(eq(propertySettings.propertyId, propertyId))
  const stored = (row?.config as StoredConfig | undefined) ?? {}
  const next = { ...stored, ...changes }
  if (changes.members) next.members = { ...stored.members, ...changes.members }
  const now = new Date()
  await db
    .insert(propertySettings)
    .values({ propertyId, config: next, updateTime: now })
    .onConflictDoUpdate({ target: propertySettings.propertyId, set: { config: next, updateTime: now } })
  return mergeConfig(propertyId, next, now)
}
