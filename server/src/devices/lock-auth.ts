// Guest lock authorisation (SPEC §4; issue 15): a checked-in stay's key (card UID or mobile key) enrolled on its
// room's BLE lock for the stay's validity. The server cannot reach a lock: each operation is a task the console runs
// on its bridge (add-card, delete-card) and reports back, so every failure is recorded with its reason and can be
// retried from the order's detail. Steps: find the stay and its lock → record the operation as pending → hand the
// task → settle it by the report (settledState).
import { CardType, fromHex, lockPrivateKey, toHex } from '@pms/protocol'
import {
  type LockAuthOperation,
  type LockAuthState,
  type LockAuthTask,
  type LockAuthView,
  type LockKeyKind,
  RETRY_OPERATION,
  settledState,
} from '@pms/protocol/api/devices'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { ensureCardKey } from '../cards/card-keys.ts'
import type { Db } from '../db/client.ts'
import { dvcDevice, dvcLockAuth, orderRoom, room } from '../db/schema/index.ts'
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts'
import { stayForCard } from '../orders/card-stay.ts'

type AuthRow = typeof dvcLockAuth.$inferSelect

/** Step: the lock of a room (one per room), which must have a MAC to be reached over BLE. */
export async function roomLock(db: Db, propertyId: number, roomId: number) {
  const [lock] = await db
    .select({ deviceId: dvcDevice.deviceId, mac: dvcDevice.mac })
    .from(dvcDevice)
    .where(
      and(eq(dvcDevice.propertyId, propertyId), eq(dvcDevice.roomId, roomId), eq(dvcDevice.kind, 'lock')),
    )
  if (!lock?.mac) {
    const [r] = await db.select({ roomNo: room.roomNo }).from(room).where(eq(room.roomId, roomId))
    throw badRequest('lockAuth.noLock', [r?.roomNo ?? String(roomId)])
  }
  return { deviceId: lock.deviceId, mac: lock.mac }
}

/** Step: a checked-in stay of the property, with its validity (the card issuing rules of orders/card-stay). */
async function checkedInStay(db: Db, propertyId: number, orderRoomId: number) {
  const stay = await stayForCard(db, propertyId, orderRoomId, new Date())
  const [row] = await db
    .select({ state: orderRoom.state })
    .from(orderRoom)
    .where(eq(orderRoom.orderRoomId, orderRoomId))
  if (row?.state !== 'checkIn') throw conflict('lockAuth.notCheckedIn')
  return stay
}

/** The task for an authorisation: the lock's own key, derived from the property's secret for this MAC only. */
async function taskOf(db: Db, auth: AuthRow): Promise<LockAuthTask> {
  const key = await ensureCardKey(db, auth.propertyId)
  return {
    authId: auth.authId,
    operation: auth.operation as LockAuthOperation,
    mac: auth.mac,
    lockKey: toHex(lockPrivateKey(fromHex(key.cardSecret.trim()), auth.mac)),
    uid: auth.keyUid,
    cardType: CardType.GUEST,
    validFrom: auth.validFrom,
    validUntil: auth.validUntil,
  }
}

async function setPending(
  db: Db,
  auth: AuthRow,
  operation: LockAuthOperation,
  changes: Partial<AuthRow> = {},
): Promise<AuthRow> {
  const [row] = await db
    .update(dvcLockAuth)
    .set(
      Object.assign({}, changes, {
        operation,
        state: 'pending' as const,
        reason: '',
        attempts: auth.attempts + 1,
        updateTime: new Date(),
      }),
    )
    .where(eq(dvcLockAuth.authId, auth.authId))
    .returning()
  return row!
}

export async function grantLockAuth(
  db: Db,
  propertyId: number,
  body: { orderRoomId: number; uid: string; keyKind?: LockKeyKind },
): Promise<LockAuthTask> {
  const uid = body.uid.replace(/[\s:-]/g, '').toUpperCase()
  if (!/^([0-9A-F]{2}){4,10}$/.test(uid)) throw badRequest('validation.invalid', ['uid'])
  const stay = await checkedInStay(db, propertyId, body.orderRoomId)
  const lock = await roomLock(db, propertyId, stay.roomId)
  const values = {
    roomId: stay.roomId,
    deviceId: lock.deviceId,
    mac: lock.mac,
    keyKind: body.keyKind ?? 'card',
    validFrom: stay.startTime,
    validUntil: stay.endTime,
  }
  const row = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const [existing] = await tx
      .select()
      .from(dvcLockAuth)
      .where(and(eq(dvcLockAuth.orderRoomId, body.orderRoomId), eq(dvcLockAuth.keyUid, uid)))
    if (existing) return setPending(tx, existing, 'grant', values)
    const [created] = await tx
      .insert(dvcLockAuth)
      .values({
        ...values,
        propertyId,
        orderRoomId: body.orderRoomId,
        keyUid: uid,
        operation: 'grant',
        state: 'pending',
        attempts: 1,
      })
      .returning()
    return created!
  })
  return taskOf(db, row)
}

async function authsOf(db: Db, propertyId: number, orderRoomId: number, states: readonly LockAuthState[]) {
  const [stay] = await db
    .select({ id: orderRoom.orderRoomId })
    .from(orderRoom)
    .where(and(eq(orderRoom.orderRoomId, orderRoomId), eq(orderRoom.propertyId, propertyId)))
  if (!stay) throw notFound('orders.entity.orderRoom')
  return db
    .select()
    .from(dvcLockAuth)
    .where(and(eq(dvcLockAuth.orderRoomId, orderRoomId), inArray(dvcLockAuth.state, states)))
    .orderBy(asc(dvcLockAuth.authId))
}

/** Extension: every key the lock holds for the stay gets the stay's new end. */
export async function renewLockAuths(
  db: Db,
  propertyId: number,
  orderRoomId: number,
): Promise<LockAuthTask[]> {
  const stay = await checkedInStay(db, propertyId, orderRoomId)
  const auths = await authsOf(db, propertyId, orderRoomId, ['success', 'renewalFailed'])
  const tasks: LockAuthTask[] = []
  for (const auth of auths)
    tasks.push(await taskOf(db, await setPending(db, auth, 'renew', { validUntil: stay.endTime })))
  return tasks
}

/**
 * The states in which a lock holds, or may hold, the key: what a revocation must reach. Migration 0070's trigger, which
 * revokes a departed stay's keys, names the same states in SQL; test/api/lock-auth-leave.test.ts reads its function
 * back from the database and fails when the two lists differ.
 */
export const HELD_STATES: readonly LockAuthState[] = ['success', 'renewalFailed', 'pending', 'revokeFailed']

/** Check-out: the lock forgets every key it was given for the stay (or that may have reached it). */
export async function revokeLockAuths(
  db: Db,
  propertyId: number,
  orderRoomId: number,
): Promise<LockAuthTask[]> {
  const auths = await authsOf(db, propertyId, orderRoomId, HELD_STATES)
  const tasks: LockAuthTask[] = []
  for (const auth of auths) tasks.push(await taskOf(db, await setPending(db, auth, 'revoke')))
  return tasks
}

/** The operations of an order still waiting for a bridge (after a check-out or room change), as tasks to run now. */
export async function pendingLockAuthTasks(
  db: Db,
  propertyId: number,
  orderId: number,
): Promise<LockAuthTask[]> {
  const rows = await db
    .select({ auth: dvcLockAuth })
    .from(dvcLockAuth)
    .innerJoin(orderRoom, eq(orderRoom.orderRoomId, dvcLockAuth.orderRoomId))
    .where(
      and(
        eq(dvcLockAuth.propertyId, propertyId),
        eq(orderRoom.orderId, orderId),
        eq(dvcLockAuth.state, 'pending'),
      ),
    )
    .orderBy(asc(dvcLockAuth.authId))
  const tasks: LockAuthTask[] = []
  for (const { auth } of rows) tasks.push(await taskOf(db, auth))
  return tasks
}

async function ownAuth(db: Db, propertyId: number, authId: number): Promise<AuthRow> {
  const [auth] = await db
    .select()
    .from(dvcLockAuth)
    .where(and(eq(dvcLockAuth.authId, authId), eq(dvcLockAuth.propertyId, propertyId)))
  if (!auth) throw notFound('lockAuth.entity')
  return auth
}

/** A failed operation again, from the order's detail; a grant or renewal takes the stay's current validity. */
export async function retryLockAuth(db: Db, propertyId: number, authId: number): Promise<LockAuthTask> {
  const auth = await ownAuth(db, propertyId, authId)
  const operation = RETRY_OPERATION[auth.state as LockAuthState]
  if (!operation) throw conflict('lockAuth.nothingToRetry')
  if (operation === 'revoke') return taskOf(db, await setPending(db, auth, 'revoke'))
  const stay = await checkedInStay(db, propertyId, auth.orderRoomId)
  const lock = await roomLock(db, propertyId, stay.roomId)
  return taskOf(
    db,
    await setPending(db, auth, operation, {
      roomId: stay.roomId,
      deviceId: lock.deviceId,
      mac: lock.mac,
      validFrom: stay.startTime,
      validUntil: stay.endTime,
    }),
  )
}

/** Settles a pending operation by what the bridge answered. */
export async function reportLockAuth(
  db: Db,
  propertyId: number,
  authId: number,
  report: { ok: boolean; reason?: string },
): Promise<LockAuthView> {
  const auth = await ownAuth(db, propertyId, authId)
  if (auth.state !== 'pending') throw new AppError(409, 'lockAuth.notPending')
  const [row] = await db
    .update(dvcLockAuth)
    .set({
      state: settledState(auth.operation as LockAuthOperation, report.ok),
      reason: report.ok ? '' : (report.reason ?? '').slice(0, 200),
      updateTime: new Date(),
    })
    .where(eq(dvcLockAuth.authId, authId))
    .returning()
  return (await viewAuths(db, [row!]))[0]!
}

/** A room's lock was replaced: its current guests' keys are granted again on the new lock. */
export async function reauthoriseRoom(db: Db, propertyId: number, roomId: number): Promise<LockAuthTask[]> {
  const auths = await db
    .select({ auth: dvcLockAuth })
    .from(dvcLockAuth)
    .innerJoin(orderRoom, eq(orderRoom.orderRoomId, dvcLockAuth.orderRoomId))
    .where(
      and(
        eq(dvcLockAuth.propertyId, propertyId),
        eq(dvcLockAuth.roomId, roomId),
        eq(orderRoom.state, 'checkIn'),
        inArray(dvcLockAuth.state, ['success', 'renewalFailed', 'failure', 'pending']),
      ),
    )
  if (auths.length === 0) return []
  const lock = await roomLock(db, propertyId, roomId)
  const tasks: LockAuthTask[] = []
  for (const { auth } of auths)
    tasks.push(
      await taskOf(db, await setPending(db, auth, 'grant', { deviceId: lock.deviceId, mac: lock.mac })),
    )
  return tasks
}

export async function viewAuths(db: Db, rows: AuthRow[]): Promise<LockAuthView[]> {
  const roomIds = [...new Set(rows.map((r) => r.roomId))]
  const rooms = roomIds.length
    ? await db.select({ id: room.roomId, no: room.roomNo }).from(room).where(inArray(room.roomId, roomIds))
    : []
  const roomNo = new Map(rooms.map((r) => [r.id, r.no]))
  return rows.map(({ propertyId: _p, createTime: _c, updateTime, ...r }) => ({
    ...(r as Omit<LockAuthView, 'roomNo' | 'updateTime'>),
    roomNo: roomNo.get(r.roomId),
    updateTime: updateTime.toISOString(),
  }))
}

export async function listLockAuths(
  db: Db,
  propertyId: number,
  filter: { orderId?: number; orderRoomId?: number },
): Promise<LockAuthView[]> {
  const rows = await db
    .select({ auth: dvcLockAuth })
    .from(dvcLockAuth)
    .innerJoin(orderRoom, eq(orderRoom.orderRoomId, dvcLockAuth.orderRoomId))
    .where(
      and(
        eq(dvcLockAuth.propertyId, propertyId),
        filter.orderId ? eq(orderRoom.orderId, filter.orderId) : undefined,
        filter.orderRoomId ? eq(dvcLockAuth.orderRoomId, filter.orderRoomId) : undefined,
      ),
    )
    .orderBy(asc(dvcLockAuth.authId))
  return viewAuths(
    db,
    rows.map((r) => r.auth),
  )
}
