// The BLE v3 lock's GATT profile: one service, a write characteristic for commands, a notify one for replies.

/** Our 128-bit UUIDs; the tail 504D534C4F43 spells "PMSLOC". */
export const BLE_LOCK_SERVICE_UUID = 'b1e30001-7c4a-4d8e-9f2b-504d534c4f43'
export const BLE_LOCK_WRITE_UUID = 'b1e30002-7c4a-4d8e-9f2b-504d534c4f43'
export const BLE_LOCK_NOTIFY_UUID = 'b1e30003-7c4a-4d8e-9f2b-504d534c4f43'

/** Bytes per write or notification: the default ATT MTU (23) less the 3-byte ATT header. */
export const BLE_CHUNK_SIZE = 20

/** The advertised local name starts with this, followed by the lock's MAC without separators. */
export const BLE_LOCK_NAME_PREFIX = 'PMSL-'

/** A UUID as noble reports it: lower case, no hyphens. */
export function nobleUuid(uuid: string): string {
  return uuid.replace(/-/g, '').toLowerCase()
}
