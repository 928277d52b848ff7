// Arrangements of the books suites: accountants (the finance role) of the demo hotel and apartment, a clerk without
// finance permissions, a caller that answers {status, body}, and the chart's subject ids by code.
import supertest from 'supertest'
import type { TestProduct } from './harness.ts'
import { bearer } from './harness.ts'

export interface BooksStaff {
  /** Finance role at the hotel. */
  accountant: string
  /** A second finance user at the hotel (auditor ≠ maker). */
  auditor: string
  /** Finance role at the apartment. */
  apartmentAccountant: string
  clerk: string
  hotel: number
  apartment: number
}

let made = 0
async function financeUser(p: TestProduct, propertyId: number): Promise<string> {
  const name = `books_${++made}_${p.kind}`
  await p.query(
    `INSERT INTO sys_user (user_name, nick_name, password, user_type, default_property_id)
     SELECT $1, $1, password, 2, $2 FROM sys_user WHERE user_name = 'clerk'`,
    [name, propertyId],
  )
  await p.query(
    `INSERT INTO pms_property_user (property_id, user_id, role_id)
     SELECT $1, u.user_id, r.role_id FROM sys_user u, sys_role r WHERE u.user_name = $2 AND r.role_key = 'finance'`,
    [propertyId, name],
  )
  return p.login(name)
}

export async function arrangeBooksStaff(p: TestProduct): Promise<BooksStaff> {
  const properties = await p.query<{ property_id: string; property_code: string }>(
    'SELECT property_id, property_code FROM pms_property',
  )
  const hotel = Number(properties.find((r) => r.property_code === 'DEMO-HOTEL')!.property_id)
  const apartment = Number(properties.find((r) => r.property_code === 'DEMO-APT')!.property_id)
  return {
    accountant: await financeUser(p, hotel),
    auditor: await financeUser(p, hotel),
    apartmentAccountant: await financeUser(p, apartment),
    clerk: await p.login('clerk'),
    hotel,
    apartment,
  }
}

export interface Answer {
  status: number
  code: number
  msg: string
  data: any
  rows: any[]
  total: number
}

/** Calls the API with the token (English messages) and answers status and envelope. */
export async function call(
  p: TestProduct,
  token: string,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  body?: object,
): Promise<Answer> {
  const req = supertest(p.baseUrl)
    [method](`/prod-api${path}`)
    .set(bearer(token))
    .set('Accept-Language', 'en-US')
  const res = body ? await req.send(body) : await req
  return { status: res.status, ...res.body }
}

/** Subject ids of a property by code. */
export async function subjectIds(p: TestProduct, propertyId: number): Promise<Record<string, number>> {
  const rows = await p.query<{ subject_id: string; subject_code: string }>(
    'SELECT subject_id, subject_code FROM f_subject WHERE property_id = $1',
    [propertyId],
  )
  return Object.fromEntries(rows.map((r) => [r.subject_code, Number(r.subject_id)]))
}

/** A two-line voucher: debit one subject, credit another. */
export const twoLines = (debit: number, credit: number, cents: number, summary = 'Room revenue') => [
  { subjectId: debit, summary, debitCents: cents },
  { subjectId: credit, summary, creditCents: cents },
]
