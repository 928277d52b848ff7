// Language-pack keys of the shop screens and the colours of the order states.
import type { ShopOrderState } from '@pms/protocol/api/shop'

export const f = (name: string) => `shop.field.${name}`

export const STATE_COLOUR: Record<ShopOrderState, string> = {
  placed: 'blue',
  paid: 'purple',
  shipped: 'orange',
  received: 'green',
  cancelled: 'gray',
}
