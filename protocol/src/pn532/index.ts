// PN532 host protocol: frames, streaming reader, command table, MIFARE Classic commands, status codes.

export * from './access.ts'
export * from './commands.ts'
export * from './errors.ts'
export * from './frame.ts'
export * from './hex.ts'
export * from './mifare.ts'
export * from './reader.ts'
export * from './status.ts'
