// Format helpers and the byte cursor: everything under format/ in one import.
export * from './byte-cursor.ts'
export * from './card-end-time.ts'
export * from './hex.ts'
export { maskIdNumber } from './mask.ts'
export * from './pack-message.ts'
export * from './protocol-error.ts'
export * from './validators.ts'
