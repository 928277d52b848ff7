// Server calls of the room-stock screens (server/src/room-stock): the CRUD resources, bulk rooms, pictures, groups.
import type { Result } from '@pms/protocol'
import { http } from '../api/request.ts'
import { crudApi } from '../ui/crud/api.ts'

export interface Park {
  parkId: number
  parkName: string
  remark: string
}
export interface Building {
  buildingId: number
  buildingName: string
  parkId: number | null
  sort: number
  remark: string
}
export interface Unit {
  unitId: number
  buildingId: number
  unitName: string
  sort: number
  remark: string
}
export interface Floor {
  floorId: number
  buildingId: number
  floorNo: number
  floorName: string
}
export interface Room {
  roomId: number
  buildingId: number
  floorId: number
  unitId: number | null
  roomTypeId: number
  roomNo: string
  occupancy: string
  remark: string
  attributeIds?: number[]
  /** Names the list answers beside the ids. */
  buildingName?: string | null
  floorName?: string | null
  unitName?: string | null
  typeName?: string | null
}
export interface CostItem {
  costName: string
  /** Integer cents. */
  amount: number
  checkInCost: boolean
}
export interface RoomType {
  roomTypeId: number
  typeName: string
  dailyPrice: number
  hourlyPrice: number
  deposit: number
  contractPrice: number
  maxOccupancy: number
  hourRoom: boolean
  /** Sold by bed (dormitory): 'not full' while its beds are not all taken. */
  soldByBed: boolean
  state: '0' | '1'
  /** Picture paths, comma-separated. */
  pictures: string
  remark: string
  costItems?: CostItem[]
}
export interface RoomAttribute {
  attributeId: number
  attributeName: string
  remark: string
}
export interface BuildingGroup {
  groupId: number
  groupName: string
  remark: string
  buildingIds?: number[]
  userIds?: number[]
}
export interface HourlyRule {
  ruleId: number
  ruleName: string
  status: '0' | '1'
  startingFee: number
  overtimeFee: number
  remark: string
}
export interface StaffUser {
  userId: number
  userName: string
  nickName: string
}

export interface BulkRequest {
  buildingId: number
  floorFrom: number
  floorTo: number
  roomFrom: number
  roomTo: number
  roomTypeId: number
  pattern?: string
}
export interface BulkPreview {
  total: number
  rooms: { floorNo: number; roomNo: string }[]
  conflicts: string[]
}

export const parkApi = crudApi<Park>('/pms/pmsPark')
export const buildingApi = crudApi<Building>('/pms/pmsBuilding')
export const unitApi = crudApi<Unit>('/pms/pmsUnit')
export const floorApi = crudApi<Floor>('/pms/pmsFloor')
export const roomApi = crudApi<Room>('/pms/pmsRoom')
export const roomTypeApi = crudApi<RoomType>('/pms/pmsRoomType')
export const roomAttributeApi = crudApi<RoomAttribute>('/pms/pmsRoomAttribute')
export const buildingGroupApi = crudApi<BuildingGroup>('/pms/pmsBuildingGroup')
export const hourlyRuleApi = crudApi<HourlyRule>('/pms/pmsHourlyRule')
export const staffApi = crudApi<StaffUser>('/system/user')

export const roomStockApi = {
  bulkPreview: (body: BulkRequest) => http.post<Result<BulkPreview>>('/pms/pmsRoom/bulk/preview', body),
  bulkCreate: (body: BulkRequest) =>
    http.post<Result<{ rooms: number; floorsCreated: number }>>('/pms/pmsRoom/bulk', body),
  uploadPicture: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return http.post<Result<{ url: string }>>('/pms/pmsRoomType/upload', form)
  },
  unlinkUser: (userId: number) => http.delete<Result>(`/pms/pmsBuildingGroup/user/${userId}`),
}
