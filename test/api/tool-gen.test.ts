// Code generation config (issue 17, /gen/edit/:tableId): the database's tables, import, edit with its checks,
// preview and download of the two files, delete; platform developers only; nothing of the running system changes.
import assert from 'node:assert/strict'
import type { GenColumn, GenTableDetail } from '@pms/protocol/api/gen'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

describeProduct('code generation config', (product) => {
  let admin: string
  const as = (method: 'get' | 'post' | 'put' | 'delete', url: string, body?: object, token = admin) => {
    const req = product().http[method](`/prod-api${url}`).set(bearer(token)).set('Accept-Language', 'en-US')
    return body ? req.send(body) : req
  }
  beforeAll(async () => {
    admin = await product().login('admin')
  })

  const edits = (t: GenTableDetail, change: (c: GenColumn) => Partial<GenColumn> = () => ({})) =>
    t.columns.map((c) => {
      const {
        columnId,
        columnComment,
        fieldName,
        isRequired,
        isList,
        isQuery,
        queryType,
        isForm,
        inputKind,
      } = {
        ...c,
        ...change(c),
      }
      return { columnId, columnComment, fieldName, isRequired, isList, isQuery, queryType, isForm, inputKind }
    })

  test('lists the tables, imports one with its columns, refuses a second import and an unknown table', async () => {
    const tables = await as('get', '/tool/gen/db/list?tableName=member&pageSize=50')
    assert.equal(tables.body.code, 200)
    const names = tables.body.rows.map((r: { tableName: string }) => r.tableName)
    assert.ok(names.includes('pms_member_tag'), names.join())
    const all = await as('get', '/tool/gen/db/list?pageSize=100')
    const every = all.body.rows.map((r: { tableName: string }) => r.tableName)
    assert.ok(!every.some((n: string) => n.startsWith('gen_') || n === 'schema_migration'), every.join())

    const unknown = await as('post', '/tool/gen/importTable', { tables: ['pms_member_tag', 'no_such_table'] })
    assert.equal(unknown.status, 400)
    assert.equal(unknown.body.msg, 'The database has no table no_such_table')
    assert.equal((await as('get', '/tool/gen/list')).body.total, 0, 'nothing half-imported')

    const imported = await as('post', '/tool/gen/importTable', { tables: ['pms_member_tag'] })
    assert.equal(imported.body.code, 200, JSON.stringify(imported.body))
    const again = await as('post', '/tool/gen/importTable', { tables: ['pms_member_tag'] })
    assert.equal(again.status, 409)
    assert.equal(again.body.msg, 'The table pms_member_tag is already imported')
    const left = await as('get', '/tool/gen/db/list?tableName=member_tag')
    assert.ok(
      !left.body.rows.some((r: { tableName: string }) => r.tableName === 'pms_member_tag'),
      'an imported table leaves the import list',
    )

    const list = await as('get', '/tool/gen/list?tableName=member')
    assert.equal(list.body.total, 1)
    const row = list.body.rows[0]
    assert.deepEqual(
      [row.tableName, row.businessName, row.moduleName, row.permissionPrefix],
      ['pms_member_tag', 'memberTag', 'pms', 'pms:pmsMemberTag'],
    )
    const detail = (await as('get', `/tool/gen/${row.tableId}`)).body.data as GenTableDetail
    const by = Object.fromEntries(detail.columns.map((c) => [c.columnName, c]))
    assert.deepEqual(
      detail.columns.map((c) => c.fieldName),
      ['tagId', 'propertyId', 'tagName', 'createTime'],
    )
    assert.equal(detail.declared, true, 'the Drizzle schema declares pms_member_tag')
    assert.equal(by.tag_id!.isPk, true)
    assert.deepEqual(
      [
        by.tag_name!.isForm,
        by.tag_name!.isRequired,
        by.tag_name!.isQuery,
        by.tag_name!.queryType,
        by.tag_name!.maxLength,
      ],
      [true, true, true, 'like', 30],
    )
    assert.equal(by.property_id!.isForm, false)
    assert.equal(by.create_time!.isForm, false)
  })

  test('an edit is checked column by column; the preview follows it, and the download is the preview', async () => {
    const row = (await as('get', '/tool/gen/list?tableName=pms_member_tag')).body.rows[0]
    const detail = (await as('get', `/tool/gen/${row.tableId}`)).body.data as GenTableDetail
    const table = {
      tableId: row.tableId,
      businessName: 'memberLabel',
      functionName: 'Member labels',
      moduleName: 'members',
      permissionPrefix: 'pms:pmsMemberLabel',
    }
    const badKind = await as('put', '/tool/gen', {
      ...table,
      columns: edits(detail, (c) => (c.columnName === 'tag_name' ? { inputKind: 'switch' } : {})),
    })
    assert.equal(badKind.status, 400)
    assert.equal(badKind.body.msg, 'Column tag_name: Switch does not suit a column of type varchar')
    const badPrefix = await as('put', '/tool/gen', { ...table, permissionPrefix: 'no prefix', columns: [] })
    assert.equal(badPrefix.status, 400)
    assert.match(badPrefix.body.msg, /permissionPrefix/)
    const twice = await as('put', '/tool/gen', {
      ...table,
      columns: edits(detail, (c) => (c.columnName === 'create_time' ? { fieldName: 'tagName' } : {})),
    })
    assert.equal(
      twice.body.msg,
      'The column create_time is declared in the Drizzle schema as createTime: its field name cannot change',
    )
    const reserved = await as('put', '/tool/gen', { ...table, businessName: 'delete', columns: [] })
    assert.equal(reserved.body.msg, 'The business name delete is a reserved word and cannot name a variable')
    const unchanged = (await as('get', `/tool/gen/${row.tableId}`)).body.data
    assert.equal(unchanged.businessName, 'memberTag', 'a refused edit writes nothing')

    const saved = await as('put', '/tool/gen', {
      ...table,
      columns: edits(detail, (c) => (c.columnName === 'create_time' ? { isList: true } : {})),
    })
    assert.equal(saved.body.code, 200, JSON.stringify(saved.body))

    const preview = await as('get', `/tool/gen/preview/${row.tableId}`)
    assert.equal(preview.body.code, 200, JSON.stringify(preview.body))
    const { server, web } = preview.body.data
    assert.equal(server.path, 'server/src/members/member-label.ts')
    assert.equal(web.path, 'web/src/members/MemberLabelPage.tsx')
    for (const piece of [
      "base: '/pms/pmsMemberLabel',",
      "permission: 'pms:pmsMemberLabel',",
      "import { memberTag } from '../db/schema/index.ts'",
      "id: { column: memberTag.tagId, name: 'tagId' },",
      'tagName: Text({ minLength: 1, maxLength: 30 }),',
      "tagName: { column: memberTag.tagName, match: 'like' },",
      'propertyColumn: memberTag.propertyId,',
      'export function memberLabelRoutes(app: FastifyInstance, db: Db) {',
    ])
      assert.ok(server.content.includes(piece), `server file lacks ${piece}\n${server.content}`)
    assert.ok(!server.content.includes('propertyId: '), 'the property column is not a field')
    for (const piece of [
      'permission="pms:pmsMemberLabel"',
      "crudApi<MemberLabel>('/pms/pmsMemberLabel')",
      "{ key: 'tagName', header: f('tagName') },",
      "{ key: 'createTime', header: f('createTime') },",
      "{ name: 'tagName', label: f('tagName'), kind: 'text', required: true, maxLength: 30 },",
      'idKey="tagId"',
    ])
      assert.ok(web.content.includes(piece), `web file lacks ${piece}\n${web.content}`)

    const download = await product()
      .http.post('/prod-api/tool/gen/download')
      .set(bearer(admin))
      .send({ tableId: row.tableId, file: 'web' })
    assert.equal(download.status, 200)
    assert.equal(download.headers['content-disposition'], 'attachment; filename="MemberLabelPage.tsx"')
    assert.equal(download.text, web.content)
  })

  test('a table without one integer key imports but cannot be previewed; delete removes the config', async () => {
    await product().query('CREATE TABLE gen_probe_free (code varchar(10), label text)')
    await product().query('CREATE TABLE pms_probe_keyless (code varchar(10), label text)')
    const imported = await as('post', '/tool/gen/importTable', { tables: ['pms_probe_keyless'] })
    assert.equal(imported.body.code, 200)
    assert.equal((await as('post', '/tool/gen/importTable', { tables: ['gen_probe_free'] })).status, 400)
    const row = (await as('get', '/tool/gen/list?tableName=keyless')).body.rows[0]
    const detail = (await as('get', `/tool/gen/${row.tableId}`)).body.data as GenTableDetail
    assert.equal(detail.declared, false)
    // A table the schema does not declare takes any field names, each once.
    const twice = await as('put', '/tool/gen', {
      tableId: row.tableId,
      businessName: 'probeKeyless',
      functionName: '',
      moduleName: 'pms',
      permissionPrefix: 'pms:pmsProbeKeyless',
      columns: edits(detail, (c) => (c.columnName === 'label' ? { fieldName: 'code' } : {})),
    })
    assert.equal(twice.body.msg, 'The field name code is used twice')
    const preview = await as('get', `/tool/gen/preview/${row.tableId}`)
    assert.equal(preview.status, 400)
    assert.equal(
      preview.body.msg,
      'The table pms_probe_keyless needs exactly one integer primary key to be a plain resource',
    )
    assert.equal((await as('delete', `/tool/gen/${row.tableId}`)).body.code, 200)
    const gone = await as('get', `/tool/gen/${row.tableId}`)
    assert.equal(gone.status, 404)
    assert.equal(gone.body.msg, 'The generation config does not exist')
    const columns = await product().query(
      'SELECT count(*)::int AS n FROM gen_table_column WHERE table_id = $1',
      [row.tableId],
    )
    assert.equal(columns[0]!.n, 0)
  })

  test('a property administrator and a clerk get 403 on every call', async () => {
    for (const user of ['manager', 'clerk']) {
      const token = await product().login(user)
      assert.equal((await as('get', '/tool/gen/db/list', undefined, token)).status, 403)
      assert.equal((await as('get', '/tool/gen/list', undefined, token)).status, 403)
      assert.equal((await as('post', '/tool/gen/importTable', { tables: ['pms_room'] }, token)).status, 403)
      assert.equal((await as('get', '/tool/gen/preview/1', undefined, token)).status, 403)
      assert.equal(
        (await as('post', '/tool/gen/download', { tableId: 1, file: 'server' }, token)).status,
        403,
      )
    }
  })
})
