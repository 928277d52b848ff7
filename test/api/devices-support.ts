// Arrangements of the device suites: a technician of the demo hotel (technician role), signed in beside the manager
// (property admin of both demo properties) and the clerk.
import type { TestProduct } from './harness.ts'
import { arrangeStaff, type Staff } from './room-stock-support.ts'

export interface DeviceStaff extends Staff {
  technician: string
}

export async function arrangeDeviceStaff(p: TestProduct): Promise<DeviceStaff> {
  const staff = await arrangeStaff(p)
  await p.query(
    `INSERT INTO sys_user (user_name, password, user_type, default_property_id)
     SELECT 'technician', password, 2, $1 FROM sys_user WHERE user_name = 'clerk'`,
    [staff.hotel],
  )
  await p.query(
    `INSERT INTO pms_property_user (property_id, user_id, role_id)
     SELECT $1, u.user_id, r.role_id FROM sys_user u, sys_role r
     WHERE u.user_name = 'technician' AND r.role_key = 'technician'`,
    [staff.hotel],
  )
  return { ...staff, technician: await p.login('technician') }
}

/** Rooms of a property by number. */
export async function roomsOf(p: TestProduct, propertyId: number): Promise<Map<string, number>> {
  const rows = await p.query<{ room_id: string; room_no: string }>(
    'SELECT room_id, room_no FROM pms_room WHERE property_id = $1',
    [propertyId],
  )
  return new Map(rows.map((r) => [r.room_no, Number(r.room_id)]))
}

export async function modelId(p: TestProduct, code: string): Promise<number> {
  const [row] = await p.query<{ model_id: string }>('SELECT model_id FROM dvc_model WHERE code = $1', [code])
  return Number(row!.model_id)
}
