// Request schemas of the books, from the shared building blocks (server/src/http/schemas.ts): ids range-checked,
// money integer cents, text without NUL; dates 'YYYY-MM-DD', periods 'YYYYMM'.
import { ACCOUNT_TYPES } from '@pms/protocol/api/finance'
import { Type } from '@sinclair/typebox'
import { Day, Id as IdOf, MONEY_MAX_CENTS, Money, Period, Text as TextOf } from '../http/schemas.ts'

export const Id = IdOf()
const NullableId = Type.Union([Id, Type.Null()])
/** An amount in integer cents: at most 100,000,000.00. */
export const Cents = Money()
export const SignedCents = Money({ minimum: -MONEY_MAX_CENTS })
export const Text = (maxLength: number) => TextOf({ maxLength })
/** A name: at least one visible character, no NUL. */
export const Name = TextOf({ minLength: 1, maxLength: 50, pattern: '^[^\\u0000]*\\S[^\\u0000]*$' })
const Sort = Type.Integer({ minimum: 0, maximum: 9999 })
const EnabledState = Type.Union([Type.Literal('0'), Type.Literal('1')])
const Code = Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z]+$' })

export const SubjectCategoryFields = Type.Object(
  { categoryCode: Code, categoryName: Name, sort: Type.Optional(Sort), remark: Type.Optional(Text(500)) },
  { additionalProperties: false },
)

export const SubjectCategoryDetailFields = Type.Object(
  {
    categoryId: Id,
    detailCode: Code,
    detailName: Name,
    sort: Type.Optional(Sort),
    remark: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
)

export const SubjectFields = Type.Object(
  {
    subjectCode: Type.String({ pattern: '^[0-9]{4}([0-9]{2}){0,5}$' }),
    subjectName: Name,
    categoryId: Id,
    detailId: Type.Optional(NullableId),
    direction: Type.Union([Type.Literal('debit'), Type.Literal('credit')]),
    parentId: Type.Optional(NullableId),
    state: Type.Optional(EnabledState),
    remark: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
)

export const AccountFields = Type.Object(
  {
    accountName: Name,
    accountType: Type.Union(ACCOUNT_TYPES.map((t) => Type.Literal(t))),
    accountNo: Type.Optional(Text(64)),
    subjectId: Id,
    openingCents: Type.Optional(SignedCents),
    state: Type.Optional(EnabledState),
    remark: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
)

export const JournalCategoryFields = Type.Object(
  {
    parentId: Type.Optional(NullableId),
    categoryName: Name,
    flow: Type.Union([Type.Literal('in'), Type.Literal('out')]),
    subjectId: Type.Optional(NullableId),
    sort: Type.Optional(Sort),
    remark: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
)

export const JournalDetailedFields = Type.Object(
  {
    accountId: Id,
    journalDate: Day,
    categoryId: Type.Optional(NullableId),
    inCents: Type.Optional(Cents),
    outCents: Type.Optional(Cents),
    counterpart: Type.Optional(Text(100)),
    remark: Type.Optional(Text(500)),
    attachment: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
)

export const JournalQuery = Type.Object({ accountId: Id, beginDate: Day, endDate: Day })

export const VoucherLineBody = Type.Object(
  {
    summary: Type.Optional(Text(200)),
    subjectId: Id,
    debitCents: Type.Optional(Cents),
    creditCents: Type.Optional(Cents),
  },
  { additionalProperties: false },
)

export const VoucherBody = Type.Object(
  {
    voucherDate: Day,
    attachments: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
    remark: Type.Optional(Text(500)),
    lines: Type.Array(VoucherLineBody, { maxItems: 200 }),
  },
  { additionalProperties: false },
)
export const VoucherEditBody = Type.Composite([VoucherBody, Type.Object({ voucherId: Id })], {
  additionalProperties: false,
})
export const VoucherListQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  state: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('audited'), Type.Literal('')])),
  period: Type.Optional(Type.Union([Period, Type.Literal('')])),
})
export const AuditBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true }),
})

export const GeneralLedgerQuery = Type.Object({
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2999 })),
})
export const SubLedgerBody = Type.Object({ subjectId: Id, beginDate: Day, endDate: Day })
export const SubjectBalanceBody = Type.Object({ beginPeriod: Period, endPeriod: Period })
export const PeriodParam = Type.Object({ period: Period })
export const BookSettingBody = Type.Object(
  { auditorMustDiffer: Type.Boolean() },
  { additionalProperties: false },
)
