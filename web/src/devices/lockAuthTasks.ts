// Runs a guest lock authorisation task (server/src/devices/lock-auth.ts) on this desk's bridge and reports the
// outcome to the server, which records success, failure or renewal failed with the bridge's reason.
import type { Result } from '@pms/protocol'
import type { LockAuthTask, LockAuthView } from '@pms/protocol/api/devices'
import { http } from '../api/request.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import type { Translate } from '../i18n/translate.ts'

export const lockAuthApi = {
  list: (orderId: number) =>
    http.get<{ rows: LockAuthView[]; total: number }>(
      '/device/dvcLockAuth/list',
      { orderId },
      { quiet: true },
    ),
  grant: (orderRoomId: number, uid: string) =>
    http.post<Result<LockAuthTask>>('/device/dvcLockAuth/grant', { orderRoomId, uid, keyKind: 'card' }),
  renew: (orderRoomId: number) =>
    http.post<Result<LockAuthTask[]>>('/device/dvcLockAuth/renew', { orderRoomId }),
  revoke: (orderRoomId: number) =>
    http.post<Result<LockAuthTask[]>>('/device/dvcLockAuth/revoke', { orderRoomId }),
  pending: (orderId: number) =>
    http.post<Result<LockAuthTask[]>>('/device/dvcLockAuth/pending', { orderId }, { quiet: true }),
  retry: (authId: number) => http.post<Result<LockAuthTask>>(`/device/dvcLockAuth/retry/${authId}`),
  report: (authId: number, body: { ok: boolean; reason?: string }) =>
    http.post<Result<LockAuthView>>(`/device/dvcLockAuth/report/${authId}`, body),
}

/** One task on the bridge, then its report; answers the settled authorisation. */
export async function runLockAuthTask(task: LockAuthTask, t: Translate): Promise<LockAuthView | undefined> {
  let failure: string | undefined
  try {
    if (task.operation === 'revoke')
      await bridgeApi.bleDeleteCard(task.mac, { lockKey: task.lockKey, uid: task.uid })
    else
      await bridgeApi.bleAddCard(task.mac, {
        lockKey: task.lockKey,
        uid: task.uid,
        cardType: task.cardType,
        validFrom: task.validFrom,
        validUntil: task.validUntil,
      })
  } catch (error) {
    failure = bridgeErrorText(error, t)
  }
  const res = await lockAuthApi.report(task.authId, failure ? { ok: false, reason: failure } : { ok: true })
  return res.data
}

/**
 * After a check-out or a room change the server has marked the keys on the room left for revocation: this desk runs
 * them on its bridge at once. A desk without the permission (or the bridge) leaves them pending on the order's tab.
 */
export async function runPendingLockAuths(orderId: number, t: Translate): Promise<LockAuthView[]> {
  const tasks = await lockAuthApi.pending(orderId).then(
    (res) => res.data ?? [],
    () => [] as LockAuthTask[],
  )
  const settled: LockAuthView[] = []
  for (const task of tasks) {
    const view = await runLockAuthTask(task, t).catch(() => undefined)
    if (view) settled.push(view)
  }
  return settled
}
