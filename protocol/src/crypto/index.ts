// Pure synchronous crypto for the card and lock formats.
export * from './prf.ts'
export * from './sha256.ts'
