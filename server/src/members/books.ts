// Stored value in the books (issue 12): each recharge and each recharge refund is its own voucher, posted through
// finance's postVoucher in the recharge's transaction (source 'memberRecharge' / 'memberWithdrawal', key the receipt
// number: posted once), audited at once. Stored value is a liability the property owes its members:
//   recharge            Dr the payment method's cash/bank subject    Cr 2241 other payables (member stored value)
//   recharge refund     Dr 2241                                      Cr the payment method's subject
// The method's subject is the night audit's (1001 cash, 1002 bank card and transfer, 1012 third party); a parent code
// books to its first leaf. Gift value is not money received or paid back and is not booked. The night audit's day
// voucher leaves recharges out, so each is booked once.
import { sql } from 'drizzle-orm'
import { sentTogether } from '../db/answered.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { type PostingLine, postVoucher } from '../finance/vouchers.ts'
import { METHOD_SUBJECT } from '../night-audit/voucher.ts'

export const RECHARGE_SOURCE = 'memberRecharge'
export const WITHDRAWAL_SOURCE = 'memberWithdrawal'
const STORED_VALUE = '2241'

/** The pure voucher lines of money paid in (`recharge`) or back (`withdrawal`) by a method, codes as given. */
export function storedValueLines(
  kind: 'recharge' | 'withdrawal',
  methodCode: string,
  storedValueCode: string,
  cents: number,
  summary: string,
): PostingLine[] {
  return kind === 'recharge'
    ? [
        { subjectCode: methodCode, summary, debitCents: cents },
        { subjectCode: storedValueCode, summary, creditCents: cents },
      ]
    : [
        { subjectCode: storedValueCode, summary, debitCents: cents },
        { subjectCode: methodCode, summary, creditCents: cents },
      ]
}

/** The leaf a code books to in the property's chart: the code itself when a leaf, else its first leaf. */
async function leafOf(tx: Db, propertyId: number, code: string): Promise<string> {
  const [row] = rowsOf<{ code: string }>(
    await tx.execute(sql`SELECT subject_code AS code FROM f_subject WHERE property_id = ${propertyId} AND leaf
      AND (subject_code = ${code} OR subject_code LIKE ${`${code}%`}) ORDER BY subject_code <> ${code}, subject_code
      LIMIT 1`),
  )
  // An unknown code is refused by postVoucher (400 naming the line).
  return row?.code ?? code
}

/**
 * Step: books the money of one stored-value receipt (a recharge or a recharge refund, base cents only) as its voucher,
 * dated the business date its record was booked to. Answers the voucher id, or null when no money moved.
 */
export async function postStoredValueVoucher(
  tx: Db,
  actor: { propertyId: number; userId: number | null },
  receipt: { kind: 'recharge' | 'withdrawal'; receiptNo: string; method: string; cardNo: string },
): Promise<number | null> {
  // What the receipt moved, who posts it and the two subjects' leaves, in one write (none waits for another).
  const [moved, makers, methodLeaf, storedValueLeaf] = await sentTogether(
    tx,
    () =>
      tx.execute(sql`SELECT to_char(max(business_date), 'YYYY-MM-DD') AS day, abs(sum(base_delta)) AS cents
        FROM pms_member_record WHERE property_id = ${actor.propertyId} AND receipt_no = ${receipt.receiptNo}
          AND kind = ${receipt.kind}`),
    () => tx.execute(sql`SELECT user_name AS name FROM sys_user WHERE user_id = ${actor.userId}`),
    () => leafOf(tx, actor.propertyId, METHOD_SUBJECT[receipt.method] ?? METHOD_SUBJECT.cash!),
    () => leafOf(tx, actor.propertyId, STORED_VALUE),
  )
  const [money] = rowsOf<{ day: string; cents: string | number | null }>(moved)
  const cents = Number(money?.cents ?? 0)
  if (!money?.day || cents <= 0) return null
  const [maker] = rowsOf<{ name: string }>(makers)
  const summary = `${receipt.kind === 'recharge' ? '会员充值' : '会员充值退款'} ${receipt.cardNo} ${receipt.receiptNo}`
  const { voucher } = await postVoucher(tx, {
    propertyId: actor.propertyId,
    source: receipt.kind === 'recharge' ? RECHARGE_SOURCE : WITHDRAWAL_SOURCE,
    sourceKey: receipt.receiptNo,
    voucherDate: money.day,
    remark: summary,
    lines: storedValueLines(receipt.kind, methodLeaf, storedValueLeaf, cents, summary),
    maker: { userId: actor.userId, userName: maker?.name ?? '' },
  })
  return voucher.voucherId
}
