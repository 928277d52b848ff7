// Keys of a BLE v3 lock: the INIT_KEY every factory-fresh lock knows, the PRIVATE_KEY init installs, and session keys.
import { deriveKey } from '../crypto/prf.ts'
import { fromHex, utf8Bytes } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'

export const LOCK_KEY_LENGTH = 16
/** Public on purpose: a factory-fresh lock must be reachable by any installer; init then replaces the key. */
const INIT_ROOT = utf8Bytes('PMS-BLE-V3-INIT')

function macBytes(mac: string): Uint8Array {
  const bytes = fromHex(mac)
  if (bytes.length !== 6)
    throw new ProtocolError('bad-length', `a Bluetooth MAC is 6 bytes, got ${bytes.length}`)
  return bytes
}

/** INIT_KEY of the lock with this MAC ('A4:C1:38:0B:5E:01' or 'A4C1380B5E01'). */
export function lockInitKey(mac: string): Uint8Array {
  return deriveKey(INIT_ROOT, 'pms/ble-v3/init-key', macBytes(mac), LOCK_KEY_LENGTH)
}

/** PRIVATE_KEY of the lock with this MAC in a property: only the server, holding the secret, can compute it. */
export function lockPrivateKey(propertySecret: Uint8Array, mac: string): Uint8Array {
  return deriveKey(propertySecret, 'pms/ble-v3/private-key', macBytes(mac), LOCK_KEY_LENGTH)
}

/** The card secret: what cards are sealed with and what a lock is given at init, so no lock holds the property secret. */
export function propertyCardSecret(propertySecret: Uint8Array): Uint8Array {
  return deriveKey(propertySecret, 'pms/lock-card-secret', new Uint8Array(0), 32)
}

/** Encryption and MAC keys of frames under one lock key. */
export interface FrameKeys {
  encKey: Uint8Array
  macKey: Uint8Array
}

export function frameKeys(lockKey: Uint8Array): FrameKeys {
  if (lockKey.length !== LOCK_KEY_LENGTH)
    throw new ProtocolError('bad-length', `a lock key is ${LOCK_KEY_LENGTH} bytes, got ${lockKey.length}`)
  return {
    encKey: deriveKey(lockKey, 'frame-enc', new Uint8Array(0), 32),
    macKey: deriveKey(lockKey, 'frame-mac', new Uint8Array(0), 32),
  }
}
