// Demo room stock: the hotel has two buildings (floors 1–5 and 1–3, ten and eight rooms a floor) and four room
// types; the apartment building has one block of six floors with studios and one-bedroom flats.
import type { Db } from '../db/client.ts'
import { building, floor, room, roomType } from '../db/schema/index.ts'

interface BuildingPlan {
  name: string
  floors: number
  roomsPerFloor: number
  /** Room number prefix, e.g. 'B' gives B101. */
  prefix: string
  /** Room type of a room by its position on the floor. */
  typeOf: (roomIndex: number) => string
}

async function plant(
  db: Db,
  propertyId: number,
  types: Array<typeof roomType.$inferInsert>,
  plans: BuildingPlan[],
) {
  const typeRows = await db
    .insert(roomType)
    .values(types.map((t) => ({ ...t, propertyId })))
    .returning()
  const typeId = (name: string) => typeRows.find((t) => t.typeName === name)!.roomTypeId
  for (const [b, plan] of plans.entries()) {
    const [bRow] = await db
      .insert(building)
      .values({ propertyId, buildingName: plan.name, sort: b + 1 })
      .returning()
    for (let f = 1; f <= plan.floors; f++) {
      const [fRow] = await db
        .insert(floor)
        .values({ propertyId, buildingId: bRow!.buildingId, floorNo: f, floorName: `${f}F` })
        .returning()
      await db.insert(room).values(
        Array.from({ length: plan.roomsPerFloor }, (_, i) => ({
          propertyId,
          buildingId: bRow!.buildingId,
          floorId: fRow!.floorId,
          roomTypeId: typeId(plan.typeOf(i)),
          roomNo: `${plan.prefix}${f}${String(i + 1).padStart(2, '0')}`,
        })),
      )
    }
  }
}

export async function seedDemoRoomStock(db: Db, hotelId: number, apartmentId: number) {
  await plant(
    db,
    hotelId,
    [
      {
        typeName: '标准大床房',
        dailyPrice: 29800,
        hourlyPrice: 6800,
        deposit: 20000,
        maxOccupancy: 2,
        propertyId: hotelId,
      },
      {
        typeName: '标准双床房',
        dailyPrice: 32800,
        hourlyPrice: 6800,
        deposit: 20000,
        maxOccupancy: 2,
        propertyId: hotelId,
      },
      { typeName: '豪华海景房', dailyPrice: 58800, deposit: 50000, maxOccupancy: 3, propertyId: hotelId },
      {
        typeName: '钟点房',
        dailyPrice: 19800,
        hourlyPrice: 4800,
        deposit: 10000,
        maxOccupancy: 2,
        hourRoom: true,
        propertyId: hotelId,
      },
    ],
    [
      {
        name: '主楼',
        floors: 5,
        roomsPerFloor: 10,
        prefix: '',
        typeOf: (i) => (i < 4 ? '标准大床房' : i < 8 ? '标准双床房' : '豪华海景房'),
      },
      {
        name: '副楼',
        floors: 3,
        roomsPerFloor: 8,
        prefix: 'B',
        typeOf: (i) => (i < 3 ? '钟点房' : '标准大床房'),
      },
    ],
  )
  await plant(
    db,
    apartmentId,
    [
      {
        typeName: '开间',
        dailyPrice: 19800,
        deposit: 100000,
        contractPrice: 380000,
        maxOccupancy: 2,
        propertyId: apartmentId,
      },
      {
        typeName: '一室一厅',
        dailyPrice: 26800,
        deposit: 150000,
        contractPrice: 520000,
        maxOccupancy: 3,
        propertyId: apartmentId,
      },
    ],
    [{ name: 'A座', floors: 6, roomsPerFloor: 6, prefix: 'A', typeOf: (i) => (i < 4 ? '开间' : '一室一厅') }],
  )
}
