// A device as the API answers it: its row with the names of its model, room and gateway beside the ids.
import type { DeviceView } from '@pms/protocol/api/devices'
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { dvcDevice, dvcModel, room } from '../db/schema/index.ts'

export async function describeDevices(rows: Record<string, unknown>[], db: Db): Promise<DeviceView[]> {
  const ids = (name: string) => [...new Set(rows.map((r) => r[name]).filter((v): v is number => v != null))]
  const [models, rooms, gateways] = await Promise.all([
    ids('modelId').length
      ? db
          .select({ id: dvcModel.modelId, code: dvcModel.code, name: dvcModel.name })
          .from(dvcModel)
          .where(inArray(dvcModel.modelId, ids('modelId')))
      : [],
    ids('roomId').length
      ? db
          .select({ id: room.roomId, roomNo: room.roomNo })
          .from(room)
          .where(inArray(room.roomId, ids('roomId')))
      : [],
    ids('gatewayId').length
      ? db
          .select({ id: dvcDevice.deviceId, name: dvcDevice.name })
          .from(dvcDevice)
          .where(inArray(dvcDevice.deviceId, ids('gatewayId')))
      : [],
  ])
  const model = new Map(models.map((m) => [m.id, m]))
  const roomNo = new Map(rooms.map((r) => [r.id, r.roomNo]))
  const gateway = new Map(gateways.map((g) => [g.id, g.name]))
  return rows.map((r) =>
    presentDevice(r, {
      modelCode: model.get(r.modelId as number)?.code,
      modelName: model.get(r.modelId as number)?.name,
      roomNo: r.roomId ? (roomNo.get(r.roomId as number) ?? null) : null,
      gatewayName: r.gatewayId ? (gateway.get(r.gatewayId as number) ?? null) : null,
    }),
  )
}

export function presentDevice(row: Record<string, unknown>, names: Partial<DeviceView> = {}): DeviceView {
  const { createTime: _c, updateTime: _u, ...rest } = row
  return { ...(rest as unknown as DeviceView), ...names }
}
