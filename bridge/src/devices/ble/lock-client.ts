// Lock commands over a BleLockDevice: seal a request under the lock's key, reassemble the notified reply, open it.
import {
  FrameAssembler,
  frameKeys,
  type LockReply,
  type LockReplyBodies,
  type LockRequest,
  openLockReply,
  sealLockRequest,
} from '@pms/protocol'
import type { BleLockDevice } from '../ble-lock.ts'
import type { OperationOptions } from '../driver.ts'
import { DeviceError } from '../errors.ts'

let nextSeq = 1

/** Sends one command and returns the body of an 'ok' reply; any other status is a DeviceError naming it. */
export async function lockCommand<C extends LockRequest['command']>(
  lock: BleLockDevice,
  lockKey: Uint8Array,
  request: Extract<LockRequest, { command: C }>,
  options?: OperationOptions,
): Promise<LockReplyBodies[C]> {
  const keys = frameKeys(lockKey)
  const seq = nextSeq
  nextSeq = (nextSeq % 0xffff) + 1
  const assembler = new FrameAssembler()
  const reply = await lock.exchange<LockReply>(
    request.command,
    sealLockRequest(keys, seq, request).toBuffer(),
    (chunk) => {
      for (const item of assembler.push(chunk)) {
        if (item.kind !== 'frame' || item.frame.seq !== seq) continue
        try {
          return openLockReply(keys, item.frame)
        } catch (err) {
          throw new DeviceError('protocol', { detail: (err as Error).message })
        }
      }
      return undefined
    },
    options,
  )
  if (reply.status !== 'ok')
    throw new DeviceError('lockRefused', { command: request.command, status: reply.status })
  return reply.body as LockReplyBodies[C]
}
