// Binding QR codes (SPEC §2.1 /ygs/qrcode/hk and /ygs/qrcode/kk/gw): a label per room of a floor that a surveillance
// device or a guest-control gateway scans to attach itself to the property and room. Each payload is a claim signed
// with the property's own QR key (HMAC-SHA256; never the card secret) and expiring; the public pages read a batch by
// its unguessable id, and the device side checks a payload with `verify`.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import {
  DevicePermission,
  QR_KINDS,
  QR_LABEL_VALIDITY_DAYS,
  type QrBatch,
  type QrKind,
  type QrLabelClaim,
} from '@pms/protocol/api/devices'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { building, dvcQrBatch, dvcQrKey, floor, room } from '../db/schema/index.ts'
import { AppError, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { Id, Text } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url')

async function qrKey(db: Db, propertyId: number): Promise<Buffer> {
  await db
    .insert(dvcQrKey)
    .values({ propertyId, secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing()
  const [row] = await db.select().from(dvcQrKey).where(eq(dvcQrKey.propertyId, propertyId))
  return Buffer.from(row!.secret, 'hex')
}

export function signClaim(key: Buffer, claim: QrLabelClaim): string {
  const body = b64(
    JSON.stringify({
      k: claim.kind,
      p: claim.propertyId,
      r: claim.roomId,
      n: claim.roomNo,
      e: claim.expiresAt,
    }),
  )
  return `${body}.${b64(createHmac('sha256', key).update(body).digest())}`
}

const invalid = () => new AppError(400, 'auth.qrInvalid')

/** The claim of a payload, if its signature holds and it has not expired; 'Qr code is Invalid' otherwise. */
export async function verifyPayload(db: Db, payload: string, now = new Date()): Promise<QrLabelClaim> {
  const [body, mac] = payload.split('.')
  if (!body || !mac) throw invalid()
  let raw: { k?: unknown; p?: unknown; r?: unknown; n?: unknown; e?: unknown }
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!raw || typeof raw !== 'object') throw invalid()
  if (!QR_KINDS.includes(raw.k as QrKind) || !Number.isSafeInteger(raw.p) || !Number.isSafeInteger(raw.r))
    throw invalid()
  const [stored] = await db
    .select()
    .from(dvcQrKey)
    .where(eq(dvcQrKey.propertyId, raw.p as number))
  if (!stored) throw invalid()
  const expected = createHmac('sha256', Buffer.from(stored.secret, 'hex')).update(body).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid()
  if (typeof raw.e !== 'number' || raw.e * 1000 <= now.getTime()) throw invalid()
  return {
    kind: raw.k as QrKind,
    propertyId: raw.p as number,
    roomId: raw.r as number,
    roomNo: String(raw.n),
    expiresAt: raw.e,
  }
}

/** Labels for every room of one floor of the caller's property. */
export async function createBatch(
  db: Db,
  propertyId: number,
  kind: QrKind,
  floorId: number,
): Promise<QrBatch> {
  const [place] = await db
    .select({ floorName: floor.floorName, buildingName: building.buildingName })
    .from(floor)
    .innerJoin(building, eq(building.buildingId, floor.buildingId))
    .where(and(eq(floor.floorId, floorId), eq(floor.propertyId, propertyId)))
  if (!place) throw notFound('entity.floor')
  const rooms = await db
    .select({ roomId: room.roomId, roomNo: room.roomNo })
    .from(room)
    .where(and(eq(room.floorId, floorId), eq(room.propertyId, propertyId)))
    .orderBy(asc(room.roomNo))
  const key = await qrKey(db, propertyId)
  const expires = new Date(Date.now() + QR_LABEL_VALIDITY_DAYS * 86_400_000)
  const expiresAt = Math.floor(expires.getTime() / 1000)
  const labels = rooms.map((r) => ({ ...r, payload: signClaim(key, { kind, propertyId, ...r, expiresAt }) }))
  const batch = {
    batchId: randomUUID(),
    propertyId,
    kind,
    title: `${place.buildingName} ${place.floorName}`,
    labels,
    expiresAt: expires,
  }
  await db.insert(dvcQrBatch).values(batch)
  return { batchId: batch.batchId, kind, title: batch.title, expiresAt: expires.toISOString(), labels }
}

const BatchBody = Type.Object({ kind: Type.Union(QR_KINDS.map((k) => Type.Literal(k))), floorId: Id() })
const BatchParam = Type.Object({ batchId: Type.String({ pattern: '^[0-9a-f-]{36}$' }) })
const VerifyBody = Type.Object({ payload: Text({ minLength: 1, maxLength: 1000 }) })

export function qrcodeRoutes(app: FastifyInstance, db: Db) {
  app.post(
    '/device/dvcQrcode/batch',
    { config: { permission: DevicePermission.bind }, schema: { body: BatchBody } },
    async (request) => {
      const body = request.body as Static<typeof BatchBody>
      return ok(await createBatch(db, requireProperty(authOf(request)), body.kind, body.floorId))
    },
  )
  app.get(
    '/device/dvcQrcode/batch/:batchId',
    { config: { auth: 'public' }, schema: { params: BatchParam } },
    async (request) => {
      const { batchId } = request.params as Static<typeof BatchParam>
      const [batch] = await db.select().from(dvcQrBatch).where(eq(dvcQrBatch.batchId, batchId))
      if (!batch || batch.expiresAt.getTime() <= Date.now()) throw invalid()
      const view: QrBatch = {
        batchId: batch.batchId,
        kind: batch.kind as QrKind,
        title: batch.title,
        expiresAt: batch.expiresAt.toISOString(),
        labels: batch.labels as QrBatch['labels'],
      }
      return ok(view)
    },
  )
  app.post(
    '/device/dvcQrcode/verify',
    { config: { auth: 'public' }, schema: { body: VerifyBody } },
    async (request) => ok(await verifyPayload(db, (request.body as Static<typeof VerifyBody>).payload)),
  )
}
