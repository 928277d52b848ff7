// The books over HTTP (issue 11): the seeded chart, every Finance call of SPEC §7 with its envelope, the refusals with
// their messages, permissions (the desk has none; fAccount/listAll answers 'no permission'), another property's
// records answering 404, and the database refusing what the service would never send.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import {
  type Answer,
  arrangeBooksStaff,
  type BooksStaff,
  call,
  subjectIds,
  twoLines,
} from './finance-support.ts'
import { type BadInput, describeProduct, expectFieldErrors } from './harness.ts'

const ok = (a: Answer, what: string) => assert.equal(a.code, 200, `${what}: ${a.msg}`)

describeProduct('finance: the books', (product) => {
  let s: BooksStaff
  let codes: Record<string, number>

  beforeAll(async () => {
    s = await arrangeBooksStaff(product())
    codes = await subjectIds(product(), s.hotel)
  })

  test('every property starts from the standard chart; listAll groups it by category names', async () => {
    const p = product()
    const groups = await call(p, s.accountant, 'get', '/finance/fSubject/listAll')
    ok(groups, 'listAll')
    const current = groups.data.find((g: any) => g.name === '资产/流动资产')
    assert.ok(current, JSON.stringify(groups.data.map((g: any) => g.name)))
    const cash = current.subjects.find((x: any) => x.subjectCode === '1001')
    assert.equal(cash.direction, 'debit')
    assert.equal(cash.leaf, true)
    for (const code of ['1002', '1122', '2203', '2241', '5001', '5051', '5601', '5602'])
      assert.ok(codes[code], `seeded ${code}`)
    const apartment = await subjectIds(p, s.apartment)
    assert.notEqual(apartment['1001'], codes['1001'])
    // A new property gets its own chart.
    const [made] = await p.query<{ property_id: string }>(
      "INSERT INTO pms_property (property_name) VALUES ('Books inn') RETURNING property_id",
    )
    assert.ok(Object.keys(await subjectIds(p, Number(made!.property_id))).length >= 35)
  })

  test('subject categories and details: list, listAll, get, add, edit, delete', async () => {
    const p = product()
    const list = await call(p, s.accountant, 'get', '/finance/fSubjectCategory/list?pageSize=50')
    ok(list, 'list')
    assert.equal(list.total, 5)
    const all = await call(p, s.accountant, 'get', '/finance/fSubjectCategory/listAll')
    assert.ok(all.data[0].details.length > 0)
    const added = await call(p, s.accountant, 'post', '/finance/fSubjectCategory', {
      categoryCode: '9',
      categoryName: 'Off-book',
    })
    ok(added, 'add')
    const id = added.data.categoryId
    ok(await call(p, s.accountant, 'put', '/finance/fSubjectCategory', { categoryId: id, sort: 9 }), 'edit')
    assert.equal((await call(p, s.accountant, 'get', `/finance/fSubjectCategory/${id}`)).data.sort, 9)
    const detail = await call(p, s.accountant, 'post', '/finance/fSubjectCategoryDetail', {
      categoryId: id,
      detailCode: '91',
      detailName: 'Memo',
    })
    ok(detail, 'detail add')
    ok(
      await call(p, s.accountant, 'get', `/finance/fSubjectCategoryDetail/list?categoryId=${id}`),
      'detail list',
    )
    ok(
      await call(p, s.accountant, 'put', '/finance/fSubjectCategoryDetail', {
        detailId: detail.data.detailId,
        detailName: 'Memos',
      }),
      'detail edit',
    )
    // A category still holding a detail cannot go.
    assert.equal((await call(p, s.accountant, 'delete', `/finance/fSubjectCategory/${id}`)).status, 409)
    ok(
      await call(p, s.accountant, 'delete', `/finance/fSubjectCategoryDetail/${detail.data.detailId}`),
      'del',
    )
    ok(await call(p, s.accountant, 'delete', `/finance/fSubjectCategory/${id}`), 'delete')
    // Another property's category is 404.
    const [other] = await p.query<{ category_id: string }>(
      'SELECT category_id FROM f_subject_category WHERE property_id = $1 LIMIT 1',
      [s.apartment],
    )
    assert.equal(
      (await call(p, s.accountant, 'get', `/finance/fSubjectCategory/${other!.category_id}`)).status,
      404,
    )
  })

  test('subjects: a child extends its parent, a subject with postings keeps its direction and stays', async () => {
    const p = product()
    const [bank] = await p.query<{ category_id: string; detail_id: string }>(
      "SELECT category_id, detail_id FROM f_subject WHERE property_id = $1 AND subject_code = '1002'",
      [s.hotel],
    )
    const base = { categoryId: Number(bank!.category_id), direction: 'debit', parentId: codes['1002'] }
    const wrong = await call(p, s.accountant, 'post', '/finance/fSubject', {
      ...base,
      subjectCode: '100301',
      subjectName: 'Bank A',
    })
    assert.equal(wrong.status, 400)
    assert.match(wrong.msg, /subjectCode.*1002/)
    const child = await call(p, s.accountant, 'post', '/finance/fSubject', {
      ...base,
      subjectCode: '100201',
      subjectName: 'ICBC',
    })
    ok(child, 'child')
    const parent = await call(p, s.accountant, 'get', `/finance/fSubject/${codes['1002']}`)
    assert.equal(parent.data.leaf, false)
    // The parent is no longer a leaf: no postings, no money account on it.
    const onParent = await call(p, s.accountant, 'post', '/finance/fJournalAccount', {
      voucherDate: '2026-01-05',
      lines: twoLines(codes['1002']!, codes['5001']!, 100),
    })
    assert.equal(onParent.status, 400)
    assert.match(onParent.msg, /lines\.0\.subjectId.*leaf/)
    const posted = await call(p, s.accountant, 'post', '/finance/fJournalAccount', {
      voucherDate: '2026-01-05',
      lines: twoLines(child.data.subjectId, codes['5001']!, 100),
    })
    ok(posted, 'post on child')
    const flip = await call(p, s.accountant, 'put', '/finance/fSubject', {
      subjectId: child.data.subjectId,
      direction: 'credit',
    })
    assert.equal(flip.status, 409)
    assert.match(flip.msg, /postings/)
    const gone = await call(p, s.accountant, 'delete', `/finance/fSubject/${child.data.subjectId}`)
    assert.equal(gone.status, 409)
    const grandchild = await call(p, s.accountant, 'post', '/finance/fSubject', {
      ...base,
      parentId: child.data.subjectId,
      subjectCode: '10020101',
      subjectName: 'ICBC main',
    })
    assert.equal(grandchild.status, 409)
    // The database refuses the same when asked directly.
    await assert.rejects(
      p.query("UPDATE f_subject SET direction = 'credit' WHERE subject_id = $1", [child.data.subjectId]),
      /postings/,
    )
    ok(
      await call(p, s.accountant, 'delete', `/finance/fJournalAccount/${posted.data.voucherId}`),
      'drop draft',
    )
    ok(await call(p, s.accountant, 'delete', `/finance/fSubject/${child.data.subjectId}`), 'delete child')
    assert.equal((await call(p, s.accountant, 'get', `/finance/fSubject/${codes['1002']}`)).data.leaf, true)
    const list = await call(p, s.accountant, 'get', '/finance/fSubject/list?subjectCode=100&pageSize=50')
    ok(list, 'list')
    assert.ok(list.rows.every((r: any) => r.subjectCode.includes('100')))
  })

  test("finance accounts: grouped by subject; without the list permission, listAll answers [] and 'no permission'", async () => {
    const p = product()
    const all = await call(p, s.accountant, 'get', '/finance/fAccount/listAll')
    ok(all, 'listAll')
    assert.ok(all.data.some((g: any) => g.subjectName === '库存现金' && g.accounts.length === 1))
    const added = await call(p, s.accountant, 'post', '/finance/fAccount', {
      accountName: 'Card terminal',
      accountType: 'card',
      subjectId: codes['1002'],
    })
    ok(added, 'add')
    const onParent = await call(p, s.accountant, 'post', '/finance/fAccount', {
      accountName: 'Bad',
      accountType: 'other',
      subjectId: codes['1012'],
    })
    assert.equal(onParent.status, 400)
    assert.match(onParent.msg, /subjectId/)
    ok(await call(p, s.accountant, 'get', '/finance/fAccount/list'), 'list')
    ok(
      await call(p, s.accountant, 'put', '/finance/fAccount', {
        accountId: added.data.accountId,
        accountNo: '6222',
      }),
      'edit',
    )
    const clerk = await call(p, s.clerk, 'get', '/finance/fAccount/listAll')
    assert.equal(clerk.status, 200)
    assert.deepEqual(clerk.data, [])
    assert.equal(clerk.msg, 'no permission')
    assert.equal((await call(p, s.clerk, 'get', '/finance/fAccount/list')).status, 403)
    ok(await call(p, s.accountant, 'delete', `/finance/fAccount/${added.data.accountId}`), 'delete')
  })

  test('journal categories (groups with children) and the cash journal with its running balance', async () => {
    const p = product()
    const groups = await call(p, s.accountant, 'get', '/finance/fJournalCategory/list')
    ok(groups, 'list')
    const income = groups.data.find((g: any) => g.flow === 'in')
    assert.ok(income.children.length >= 2)
    const flat = await call(p, s.accountant, 'get', '/finance/fJournalCategory/listAll')
    assert.equal(
      flat.data.length,
      groups.data.length + groups.data.reduce((n: number, g: any) => n + g.children.length, 0),
    )
    const child = await call(p, s.accountant, 'post', '/finance/fJournalCategory', {
      parentId: income.categoryId,
      categoryName: 'Laundry',
      flow: 'in',
      subjectId: codes['5051'],
    })
    ok(child, 'add child')
    const wrongFlow = await call(p, s.accountant, 'post', '/finance/fJournalCategory', {
      parentId: income.categoryId,
      categoryName: 'x',
      flow: 'out',
      subjectId: codes['5051'],
    })
    assert.equal(wrongFlow.status, 400)
    ok(
      await call(p, s.accountant, 'put', '/finance/fJournalCategory', {
        categoryId: child.data.categoryId,
        parentId: income.categoryId,
        categoryName: 'Laundry service',
        flow: 'in',
        subjectId: codes['5051'],
      }),
      'edit',
    )
    assert.equal(
      (await call(p, s.accountant, 'get', `/finance/fJournalCategory/${child.data.categoryId}`)).data
        .categoryName,
      'Laundry service',
    )
    const account = await call(p, s.accountant, 'post', '/finance/fAccount', {
      accountName: 'Petty cash',
      accountType: 'cash',
      subjectId: codes['1001'],
      openingCents: 10000,
    })
    const accountId = account.data.accountId
    const line = (journalDate: string, inCents: number, outCents: number) =>
      call(p, s.accountant, 'post', '/finance/fJournalDetailed', {
        accountId,
        journalDate,
        ...(inCents ? { inCents, categoryId: child.data.categoryId } : { outCents }),
        counterpart: 'Guest',
      })
    ok(await line('2026-02-01', 5000, 0), 'in')
    ok(await line('2026-02-02', 0, 2000), 'out')
    ok(await line('2026-02-10', 1000, 0), 'in later')
    const both = await call(p, s.accountant, 'post', '/finance/fJournalDetailed', {
      accountId,
      journalDate: '2026-02-03',
      inCents: 1,
      outCents: 1,
    })
    assert.equal(both.status, 400)
    assert.match(both.msg, /inCents/)
    const journal = await call(
      p,
      s.accountant,
      'get',
      `/finance/fJournalDetailed/journal?accountId=${accountId}&beginDate=2026-02-02&endDate=2026-02-28`,
    )
    ok(journal, 'journal')
    assert.equal(journal.data.openingCents, 15000)
    assert.deepEqual(
      journal.data.rows.map((r: any) => r.balanceCents),
      [13000, 14000],
    )
    assert.equal(journal.data.inCents, 1000)
    assert.equal(journal.data.outCents, 2000)
    assert.equal(journal.data.closingCents, 14000)
    const list = await call(p, s.accountant, 'get', `/finance/fJournalDetailed/list?accountId=${accountId}`)
    assert.equal(list.total, 3)
    ok(await call(p, s.accountant, 'get', '/finance/fJournalDetailed/listAll'), 'listAll')
    const first = list.rows[0].journalId
    ok(
      await call(p, s.accountant, 'put', '/finance/fJournalDetailed', { journalId: first, remark: 'ok' }),
      'edit',
    )
    ok(await call(p, s.accountant, 'delete', `/finance/fJournalDetailed/${first}`), 'delete')
    // The apartment's accountant sees none of it.
    assert.equal((await call(p, s.apartmentAccountant, 'get', `/finance/fAccount/${accountId}`)).status, 404)
    const foreign = await call(
      p,
      s.apartmentAccountant,
      'get',
      `/finance/fJournalDetailed/journal?accountId=${accountId}&beginDate=2026-02-01&endDate=2026-02-28`,
    )
    assert.equal(foreign.status, 400)
  })

  test('vouchers: balanced ones are numbered per period; unbalanced, one-line or two-sided lines are refused', async () => {
    const p = product()
    const post = (lines: object[], voucherDate = '2026-03-05') =>
      call(p, s.accountant, 'post', '/finance/fJournalAccount', { voucherDate, lines })
    const a = await post(twoLines(codes['1001']!, codes['5001']!, 29800))
    ok(a, 'first')
    assert.equal(a.data.period, '202603')
    assert.equal(a.data.voucherNo, 1)
    assert.equal(a.data.state, 'draft')
    assert.equal(a.data.debitCents, 29800)
    assert.equal(a.data.lines[0].subjectCode, '1001')
    const b = await post(twoLines(codes['1001']!, codes['5001']!, 100))
    assert.equal(b.data.voucherNo, 2)
    const unbalanced = await post([
      { subjectId: codes['1001'], debitCents: 29800 },
      { subjectId: codes['5001'], creditCents: 29700 },
    ])
    assert.equal(unbalanced.status, 400)
    assert.equal(unbalanced.msg, 'lines: debits and credits differ by 1.00')
    const single = await post([{ subjectId: codes['1001'], debitCents: 1 }])
    assert.equal(single.status, 400)
    assert.match(single.msg, /lines: a voucher needs at least two lines/)
    const twoSided = await post([
      { subjectId: codes['1001'], debitCents: 5, creditCents: 5 },
      { subjectId: codes['5001'], creditCents: 0, debitCents: 0 },
    ])
    assert.equal(twoSided.status, 400)
    assert.match(twoSided.msg, /lines\.0/)
    const apartment = await subjectIds(p, s.apartment)
    const foreign = await post(twoLines(apartment['1001']!, codes['5001']!, 100))
    // Another property's subject is answered as if absent.
    assert.equal(foreign.status, 404)
    assert.equal(foreign.msg, 'Subject does not exist')
    const [{ n }] = await p.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM f_voucher WHERE property_id = $1 AND period = '202603'",
      [s.hotel],
    )
    assert.equal(Number(n), 2)
    // Read, list, edit a draft.
    const got = await call(p, s.accountant, 'get', `/finance/fJournalAccount/${a.data.voucherId}`)
    assert.equal(got.data.lines.length, 2)
    const list = await call(p, s.accountant, 'get', '/finance/fJournalAccount/list?period=202603&state=draft')
    assert.equal(list.total, 2)
    const all = await call(p, s.accountant, 'get', '/finance/fJournalAccount/listAll?period=202603')
    assert.equal(all.data.length, 2)
    const edited = await call(p, s.accountant, 'put', '/finance/fJournalAccount', {
      voucherId: b.data.voucherId,
      voucherDate: '2026-03-06',
      attachments: 2,
      lines: twoLines(codes['1001']!, codes['5051']!, 150),
    })
    ok(edited, 'edit')
    assert.equal(edited.data.debitCents, 150)
    const moved = await call(p, s.accountant, 'put', '/finance/fJournalAccount', {
      voucherId: b.data.voucherId,
      voucherDate: '2026-04-06',
      lines: twoLines(codes['1001']!, codes['5051']!, 150),
    })
    assert.equal(moved.status, 400)
    assert.match(moved.msg, /voucherDate/)
    // Another property's voucher is 404 everywhere.
    for (const [method, path, body] of [
      ['get', `/finance/fJournalAccount/${a.data.voucherId}`, undefined],
      [
        'put',
        '/finance/fJournalAccount',
        {
          voucherId: a.data.voucherId,
          voucherDate: '2026-03-05',
          lines: twoLines(apartment['1001']!, apartment['5001']!, 1),
        },
      ],
      ['delete', `/finance/fJournalAccount/${a.data.voucherId}`, undefined],
      ['post', '/finance/fJournalAccount/audit', { ids: [a.data.voucherId] }],
      ['post', `/finance/fJournalAccount/antiAudit/${a.data.voucherId}`, undefined],
    ] as const)
      assert.equal(
        (await call(p, s.apartmentAccountant, method, path, body)).status,
        404,
        `${method} ${path}`,
      )
  })

  test('audit, reverse audit, reversing vouchers; audited vouchers are immutable, also to the database', async () => {
    const p = product()
    const made = await call(p, s.accountant, 'post', '/finance/fJournalAccount', {
      voucherDate: '2026-05-02',
      lines: twoLines(codes['1001']!, codes['2203']!, 50000, 'Deposit'),
    })
    const id = made.data.voucherId
    const audited = await call(p, s.auditor, 'post', '/finance/fJournalAccount/audit', { ids: [id] })
    ok(audited, 'audit')
    const read = await call(p, s.accountant, 'get', `/finance/fJournalAccount/${id}`)
    assert.equal(read.data.state, 'audited')
    assert.ok(read.data.auditorName)
    const again = await call(p, s.auditor, 'post', '/finance/fJournalAccount/audit', { ids: [id] })
    assert.equal(again.status, 409)
    assert.match(again.msg, /already audited/)
    const edit = await call(p, s.accountant, 'put', '/finance/fJournalAccount', {
      voucherId: id,
      voucherDate: '2026-05-02',
      lines: twoLines(codes['1001']!, codes['2203']!, 1),
    })
    assert.equal(edit.status, 409)
    assert.equal((await call(p, s.accountant, 'delete', `/finance/fJournalAccount/${id}`)).status, 409)
    await assert.rejects(
      p.query('UPDATE f_voucher_line SET debit_cents = 1 WHERE voucher_id = $1', [id]),
      /audited/,
    )
    await assert.rejects(p.query("UPDATE f_voucher SET remark = 'x' WHERE voucher_id = $1", [id]), /audited/)
    await assert.rejects(p.query('DELETE FROM f_voucher WHERE voucher_id = $1', [id]), /audited/)
    const lines = await p.query(
      'SELECT debit_cents, credit_cents FROM f_voucher_line WHERE voucher_id = $1',
      [id],
    )
    assert.equal(lines.length, 2)
    // Reverse audit returns it to draft; audit again; a reversing voucher swaps the sides.
    const back = await call(p, s.accountant, 'post', `/finance/fJournalAccount/antiAudit/${id}`)
    ok(back, 'antiAudit')
    assert.equal(back.data.state, 'draft')
    assert.equal(back.data.auditorName, null)
    const notAudited = await call(p, s.accountant, 'post', `/finance/fJournalAccount/antiAudit/${id}`)
    assert.equal(notAudited.status, 409)
    ok(await call(p, s.auditor, 'post', '/finance/fJournalAccount/audit', { ids: [id] }), 're-audit')
    const reversing = await call(p, s.accountant, 'post', `/finance/fJournalAccount/reverse/${id}`, {
      voucherDate: '2026-05-20',
    })
    ok(reversing, 'reverse')
    assert.equal(reversing.data.reversesId, id)
    assert.equal(reversing.data.lines[0].creditCents, 50000)
    assert.equal(reversing.data.lines[1].debitCents, 50000)
    // Reversed once: neither reversed again nor reopened (the reversal would undo an amount it may no longer hold).
    const original = `${reversing.data.remark}`
    const reversal = `${reversing.data.period}-${reversing.data.voucherNo}`
    for (const [path, body] of [
      [`/finance/fJournalAccount/reverse/${id}`, { voucherDate: '2026-05-21' }],
      [`/finance/fJournalAccount/antiAudit/${id}`, undefined],
    ] as const) {
      const again = await call(p, s.accountant, 'post', path, body)
      assert.equal(again.status, 409, path)
      assert.equal(
        again.msg,
        `Voucher ${original} is reversed by voucher ${reversal}: it cannot be reversed again or reopened`,
      )
    }
    const listed = await call(p, s.accountant, 'get', '/finance/fJournalAccount/list', { pageSize: 100 })
    assert.equal(listed.rows!.find((v: any) => v.voucherId === id).reversedById, reversing.data.voucherId)
    // Maker and auditor must differ when the property says so.
    ok(await call(p, s.accountant, 'put', '/finance/fBookSetting', { auditorMustDiffer: true }), 'setting')
    assert.equal((await call(p, s.accountant, 'get', '/finance/fBookSetting')).data.auditorMustDiffer, true)
    const self = await call(p, s.accountant, 'post', '/finance/fJournalAccount/audit', {
      ids: [reversing.data.voucherId],
    })
    assert.equal(self.status, 409)
    assert.match(self.msg, /other than its maker/)
    ok(
      await call(p, s.auditor, 'post', '/finance/fJournalAccount/audit', { ids: [reversing.data.voucherId] }),
      'a2',
    )
    // The reversal undoes its original as it was: not reopened (nor changed while a draft).
    const reopen = await call(
      p,
      s.accountant,
      'post',
      `/finance/fJournalAccount/antiAudit/${reversing.data.voucherId}`,
    )
    assert.equal(reopen.status, 409)
    assert.equal(
      reopen.msg,
      `Reversing voucher ${reversal} cannot be changed or reopened (a draft one may be deleted)`,
    )
    ok(
      await call(p, s.accountant, 'put', '/finance/fBookSetting', { auditorMustDiffer: false }),
      'setting off',
    )
  })

  test('the database refuses an unbalanced or one-line voucher written directly', async () => {
    const p = product()
    await p.query("INSERT INTO f_period (property_id, period) VALUES ($1, '202606') ON CONFLICT DO NOTHING", [
      s.hotel,
    ])
    const insert = (debit: number, credit: number) => `BEGIN;
      INSERT INTO f_voucher (voucher_id, property_id, period, voucher_no, voucher_date)
        VALUES (900001, ${s.hotel}, '202606', 901, '2026-06-01');
      INSERT INTO f_voucher_line (property_id, voucher_id, line_no, subject_id, debit_cents)
        VALUES (${s.hotel}, 900001, 1, ${codes['1001']}, ${debit});
      ${credit ? `INSERT INTO f_voucher_line (property_id, voucher_id, line_no, subject_id, credit_cents) VALUES (${s.hotel}, 900001, 2, ${codes['5001']}, ${credit});` : ''}
      COMMIT;`
    await assert.rejects(p.server().sql.exec(insert(100, 99)), /does not balance/)
    await p
      .server()
      .sql.exec('ROLLBACK')
      .catch(() => {})
    await assert.rejects(p.server().sql.exec(insert(100, 0)), /lines/)
    await p
      .server()
      .sql.exec('ROLLBACK')
      .catch(() => {})
    const [{ n }] = await p.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM f_voucher WHERE voucher_id = 900001',
    )
    assert.equal(Number(n), 0)
  })

  test('ledgers: general ledger by month, sub-ledger with running balance, a trial balance that balances', async () => {
    const p = product()
    const v1 = await call(p, s.accountant, 'post', '/finance/fJournalAccount', {
      voucherDate: '2026-07-03',
      lines: twoLines(codes['1122']!, codes['5001']!, 30000),
    })
    const v2 = await call(p, s.accountant, 'post', '/finance/fJournalAccount', {
      voucherDate: '2026-08-04',
      lines: twoLines(codes['1002']!, codes['1122']!, 20000),
    })
    const draft = await call(p, s.accountant, 'post', '/finance/fJournalAccount', {
      voucherDate: '2026-08-05',
      lines: twoLines(codes['1122']!, codes['5001']!, 999),
    })
    ok(draft, 'draft')
    ok(
      await call(p, s.auditor, 'post', '/finance/fJournalAccount/audit', {
        ids: [v1.data.voucherId, v2.data.voucherId],
      }),
      'audit',
    )
    const general = await call(
      p,
      s.accountant,
      'get',
      `/finance/fBookkeepeVoucher/generalLedger/${codes['1122']}?year=2026`,
    )
    ok(general, 'general')
    const july = general.data.find((r: any) => r.period === '202607')
    const august = general.data.find((r: any) => r.period === '202608')
    assert.deepEqual(july.closing, { side: 'debit', cents: 30000 })
    assert.equal(august.creditCents, 20000)
    assert.deepEqual(august.closing, { side: 'debit', cents: 10000 })
    // Without a year: the year of the hotel's business date, not of the server's calendar.
    const kept = await p.query<{ day: string }>(
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS day FROM pms_business_date WHERE property_id = $1`,
      [s.hotel],
    )
    await p.query(
      `INSERT INTO pms_business_date (property_id, business_date) VALUES ($1, '2031-12-31')
       ON CONFLICT (property_id) DO UPDATE SET business_date = excluded.business_date`,
      [s.hotel],
    )
    const thisYear = await call(
      p,
      s.accountant,
      'get',
      `/finance/fBookkeepeVoucher/generalLedger/${codes['1122']}`,
    )
    ok(thisYear, 'general without a year')
    assert.deepEqual(
      [thisYear.data[0].period, thisYear.data[0].opening],
      ['203101', { side: 'debit', cents: 10000 }],
    )
    if (kept[0])
      await p.query('UPDATE pms_business_date SET business_date = $2 WHERE property_id = $1', [
        s.hotel,
        kept[0].day,
      ])
    else await p.query('DELETE FROM pms_business_date WHERE property_id = $1', [s.hotel])
    const sub = await call(p, s.accountant, 'post', '/finance/fBookkeepeVoucher/subLedger', {
      subjectId: codes['1122'],
      beginDate: '2026-07-01',
      endDate: '2026-08-31',
    })
    ok(sub, 'sub')
    assert.deepEqual(
      sub.data.lines.map((l: any) => l.balance.cents),
      [30000, 10000],
    )
    assert.deepEqual(sub.data.closing, { side: 'debit', cents: 10000 })
    const trial = await call(p, s.accountant, 'post', '/finance/fBookkeepeVoucher/subjectBalance', {
      beginPeriod: '202607',
      endPeriod: '202608',
    })
    ok(trial, 'trial')
    const t = trial.data.totals
    assert.equal(t.openingDebitCents, t.openingCreditCents)
    assert.equal(t.debitCents, t.creditCents)
    assert.equal(t.closingDebitCents, t.closingCreditCents)
    assert.equal(t.yearDebitCents, t.yearCreditCents)
    const receivable = trial.data.rows.find((r: any) => r.subjectCode === '1122')
    assert.equal(receivable.debitCents, 30000)
    assert.equal(receivable.closingDebitCents, 10000)
    // The apartment's subject is 404 to the hotel.
    const apartment = await subjectIds(p, s.apartment)
    assert.equal(
      (await call(p, s.accountant, 'get', `/finance/fBookkeepeVoucher/generalLedger/${apartment['1122']}`))
        .status,
      404,
    )
  })

  test('periods: close needs no drafts and earlier periods closed; a closed period accepts nothing; reopen', async () => {
    const p = product()
    const made = await call(p, s.accountant, 'post', '/finance/fJournalAccount', {
      voucherDate: '2026-10-02',
      lines: twoLines(codes['1001']!, codes['5001']!, 700),
    })
    const earlier = await call(p, s.accountant, 'post', '/finance/fPeriod/close/202610')
    assert.equal(earlier.status, 409)
    // Close every earlier period first (their drafts audited).
    const periods = await call(p, s.accountant, 'get', '/finance/fPeriod/list')
    ok(periods, 'list')
    for (const period of periods.data.filter((x: any) => x.period < '202610')) {
      const drafts = await call(
        p,
        s.accountant,
        'get',
        `/finance/fJournalAccount/listAll?period=${period.period}&state=draft`,
      )
      if (drafts.data.length)
        ok(
          await call(p, s.auditor, 'post', '/finance/fJournalAccount/audit', {
            ids: drafts.data.map((d: any) => d.voucherId),
          }),
          `audit ${period.period}`,
        )
      ok(
        await call(p, s.accountant, 'post', `/finance/fPeriod/close/${period.period}`),
        `close ${period.period}`,
      )
    }
    const withDraft = await call(p, s.accountant, 'post', '/finance/fPeriod/close/202610')
    assert.equal(withDraft.status, 409)
    assert.match(withDraft.msg, /draft/)
    ok(
      await call(p, s.auditor, 'post', '/finance/fJournalAccount/audit', { ids: [made.data.voucherId] }),
      'audit',
    )
    ok(await call(p, s.accountant, 'post', '/finance/fPeriod/close/202610'), 'close')
    const late = await call(p, s.accountant, 'post', '/finance/fJournalAccount', {
      voucherDate: '2026-10-30',
      lines: twoLines(codes['1001']!, codes['5001']!, 1),
    })
    assert.equal(late.status, 409)
    assert.match(late.msg, /202610 is closed/)
    assert.equal(
      (await call(p, s.accountant, 'post', `/finance/fJournalAccount/antiAudit/${made.data.voucherId}`))
        .status,
      409,
    )
    await assert.rejects(
      p.query("UPDATE f_voucher SET state = 'draft', audit_time = NULL WHERE voucher_id = $1", [
        made.data.voucherId,
      ]),
      /closed/,
    )
    const earlierReopen = await call(p, s.accountant, 'post', '/finance/fPeriod/reopen/202608')
    assert.equal(earlierReopen.status, 409)
    ok(await call(p, s.accountant, 'post', '/finance/fPeriod/reopen/202610'), 'reopen')
    ok(
      await call(p, s.accountant, 'post', `/finance/fJournalAccount/antiAudit/${made.data.voucherId}`),
      'anti',
    )
    assert.equal((await call(p, s.clerk, 'post', '/finance/fPeriod/reopen/202608')).status, 403)
  })

  test('the desk has no finance permission: every finance call but fAccount/listAll is refused', async () => {
    const p = product()
    const routes = p.server().routes.filter((r) => r.url.includes('/finance/'))
    assert.ok(routes.length >= 40, `${routes.length} finance routes`)
    for (const route of routes) {
      if (route.url.endsWith('/finance/fAccount/listAll')) continue
      assert.ok(
        route.access.permission?.startsWith('finance:'),
        `${route.method} ${route.url} declares a permission`,
      )
      const path = route.url
        .replace(/^.*?\/finance\//, '/finance/')
        .replace(':ids', '1')
        .replace(':id', '1')
        .replace(':period', '202601')
      const res = await call(
        p,
        s.clerk,
        route.method.toLowerCase() as 'get',
        path,
        route.method === 'GET' ? undefined : {},
      )
      assert.equal(res.status, 403, `${route.method} ${path}`)
    }
  })

  test('bad input answers 400 naming the field', async () => {
    const p = product()
    const cases: BadInput[] = [
      ['post', '/prod-api/finance/fJournalAccount', { voucherDate: '2026-13-01', lines: [] }, 'voucherDate'],
      ['post', '/prod-api/finance/fJournalAccount', { voucherDate: '2026-01-01' }, 'lines'],
      [
        'post',
        '/prod-api/finance/fJournalAccount',
        { voucherDate: '2026-01-01', lines: [{ subjectId: 0 }] },
        'subjectId',
      ],
      [
        'post',
        '/prod-api/finance/fJournalAccount',
        { voucherDate: '2026-01-01', lines: [{ subjectId: 1, debitCents: 1.5 }] },
        'debitCents',
      ],
      [
        'post',
        '/prod-api/finance/fJournalAccount',
        { voucherDate: '2026-01-01', lines: [{ subjectId: 1, debitCents: -1 }] },
        'debitCents',
      ],
      ['post', '/prod-api/finance/fJournalAccount/audit', { ids: [] }, 'ids'],
      [
        'post',
        '/prod-api/finance/fSubject',
        { subjectCode: '12', subjectName: 'x', categoryId: 1, direction: 'debit' },
        'subjectCode',
      ],
      [
        'post',
        '/prod-api/finance/fSubject',
        { subjectCode: '1999', subjectName: 'x', categoryId: 1, direction: 'up' },
        'direction',
      ],
      [
        'post',
        '/prod-api/finance/fAccount',
        { accountName: 'x', accountType: 'gold', subjectId: 1 },
        'accountType',
      ],
      ['post', '/prod-api/finance/fSubjectCategory', { categoryCode: '8', categoryName: '' }, 'categoryName'],
      [
        'post',
        '/prod-api/finance/fBookkeepeVoucher/subLedger',
        { subjectId: 1, beginDate: 'x', endDate: '2026-01-01' },
        'beginDate',
      ],
      [
        'post',
        '/prod-api/finance/fBookkeepeVoucher/subjectBalance',
        { beginPeriod: '202613', endPeriod: '202601' },
        'beginPeriod',
      ],
      ['post', '/prod-api/finance/fPeriod/close/2026', undefined, 'period'],
      ['get', '/prod-api/finance/fJournalAccount/list?state=done', undefined, 'state'],
    ]
    await expectFieldErrors(p.http, s.accountant, cases)
  })
})
