// BLE v3 lock protocol: GATT profile, keys, frames, commands.
export * from './frame.ts'
export * from './gatt.ts'
export * from './lock-commands.ts'
export * from './lock-keys.ts'
export * from './lock-session.ts'
