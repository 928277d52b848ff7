// Shared arrangements of the room-stock and area suites: the demo's properties, signed-in staff, and a JSON caller.
import type { TestProduct } from './harness.ts'
import { bearer } from './harness.ts'

export interface Staff {
  admin: string
  manager: string
  clerk: string
  hotel: number
  apartment: number
}

export async function arrangeStaff(product: TestProduct): Promise<Staff> {
  const properties = await product.query<{ property_id: string; property_code: string }>(
    'SELECT property_id, property_code FROM pms_property',
  )
  return {
    admin: await product.login('admin'),
    manager: await product.login('manager'),
    clerk: await product.login('clerk'),
    hotel: Number(properties.find((p) => p.property_code === 'DEMO-HOTEL')!.property_id),
    apartment: Number(properties.find((p) => p.property_code === 'DEMO-APT')!.property_id),
  }
}

/** Calls the API as `token` and answers the envelope, with the HTTP status beside it. */
export async function call(
  product: TestProduct,
  token: string,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  body?: object,
) {
  const req = product.http[method](`/prod-api${path}`).set(bearer(token)).set('Accept-Language', 'en-US')
  const res = method === 'get' ? await req.query(body ?? {}) : await req.send(body ?? {})
  return { status: res.status, ...res.body } as {
    status: number
    code: number
    msg: string
    data?: any
    rows?: any[]
    total?: number
  }
}
