// Both ends of a lock conversation in a few calls: seal a request or reply into chunks, open what comes back.
import { ProtocolError } from '../format/protocol-error.ts'
import { type BleFrame, chunkFrame, openFrame, sealFrame } from './frame.ts'
import {
  decodeLockReply,
  decodeLockRequest,
  encodeLockReply,
  encodeLockRequest,
  type LockReply,
  type LockRequest,
} from './lock-commands.ts'
import type { FrameKeys } from './lock-keys.ts'

/** The frame of a request, sealed under the lock's current key. */
export function sealLockRequest(keys: FrameKeys, seq: number, request: LockRequest): BleFrame {
  return sealFrame(keys, 'command', seq, encodeLockRequest(request))
}

/** The write-characteristic chunks of a request. */
export function lockRequestChunks(keys: FrameKeys, seq: number, request: LockRequest): Uint8Array[] {
  return chunkFrame(sealLockRequest(keys, seq, request).toBuffer())
}

export function sealLockReply(keys: FrameKeys, seq: number, reply: LockReply): BleFrame {
  return sealFrame(keys, 'response', seq, encodeLockReply(reply))
}

/** Opens a command frame; throws a ProtocolError for a reply frame, a bad MAC or a bad body. */
export function openLockRequest(keys: FrameKeys, frame: BleFrame): LockRequest {
  if (frame.direction !== 'command') throw new ProtocolError('bad-frame', 'expected a command frame')
  return decodeLockRequest(openFrame(keys, frame))
}

/** Opens a reply frame; throws a ProtocolError for a command frame, a bad MAC or a bad body. */
export function openLockReply(keys: FrameKeys, frame: BleFrame): LockReply {
  if (frame.direction !== 'response') throw new ProtocolError('bad-frame', 'expected a response frame')
  return decodeLockReply(openFrame(keys, frame))
}
