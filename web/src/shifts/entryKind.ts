// The label of a drawer entry's kind: the folio's kinds, or a member recharge.
export const entryKindKey = (kind: string) =>
  kind === 'recharge' ? 'shift.recharge' : `billing.kind.${kind}`
