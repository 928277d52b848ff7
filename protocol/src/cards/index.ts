// Card types, the card payload, our MIFARE and CPU card formats, and the lock's decision.
export * from './access-bits.ts'
export * from './card-fields.ts'
export * from './card-types.ts'
export * from './cpu-card.ts'
export * from './lock-policy.ts'
export * from './mifare-sector.ts'
