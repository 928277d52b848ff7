export * from './folio.ts'
export * from './money.ts'
export * from './stay.ts'
