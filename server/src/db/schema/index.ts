// Every table of the server, one module per business area.

export * from './app-versions.ts'
export * from './billing.ts'
export * from './cards.ts'
export * from './devices.ts'
export * from './finance.ts'
export * from './members.ts'
export * from './orders.ts'
export * from './properties.ts'
export * from './qualification.ts'
export * from './room-stock.ts'
export * from './room-stock-more.ts'
export * from './system.ts'
