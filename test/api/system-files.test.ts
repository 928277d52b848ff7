// General file management (issue 17): uploads judged by content (a PNG renamed .exe and an executable renamed .png are
// both refused), files kept per property, private files served only to those allowed, downloads as attachments,
// deletes scoped to the property; a qualification licence is a private file another property cannot read.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { PNG } from '../support/png.ts'
import { bearer, describeProduct } from './harness.ts'
import { arrangeOwner, type Owner } from './properties-support.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)])
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

describeProduct('files', (product) => {
  let staff: Staff
  let owner: Owner
  beforeAll(async () => {
    staff = await arrangeStaff(product())
    owner = await arrangeOwner(product(), staff.admin, 'fileowner')
  })
  const upload = (token: string, bytes: Buffer, name: string, query: Record<string, string> = {}) =>
    product()
      .http.post('/prod-api/system/sysFile/upload')
      .query(query)
      .set(bearer(token))
      .set('Accept-Language', 'en-US')
      .attach('file', bytes, name)
  const download = (token: string, fileId: number) =>
    product()
      .http.post(`/prod-api/system/sysFile/download/${fileId}`)
      .set(bearer(token))
      .set('Accept-Language', 'en-US')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })

  test('uploads are judged by content, not by name', async () => {
    const pngAsExe = await upload(staff.manager, PNG, 'setup.exe')
    assert.equal(pngAsExe.status, 400)
    assert.equal(pngAsExe.body.msg, 'The file content does not match its .exe extension')
    const exeAsPng = await upload(staff.manager, EXE, 'photo.png')
    assert.equal(exeAsPng.status, 400)
    assert.match(exeAsPng.body.msg, /^Unsupported file type; allowed: png, jpg/)
    const text = await upload(staff.manager, Buffer.from('plain words'), 'notes.pdf')
    assert.equal(text.status, 400)
    const rows = await product().query('SELECT count(*)::int AS n FROM sys_file')
    assert.equal(rows[0]!.n, 0, 'a refused upload leaves no record')
  })

  test('a property file: its staff see and read it, another property is told it does not exist', async () => {
    const stored = await upload(staff.manager, PDF, 'rate card.pdf')
    assert.equal(stored.body.code, 200, JSON.stringify(stored.body))
    const file = stored.body.data
    assert.equal(file.category, 'document')
    assert.equal(file.contentType, 'application/pdf')
    assert.equal(file.propertyId, staff.hotel)
    assert.equal(file.private, true)
    assert.equal(file.storedName, undefined, 'the stored name is never sent')

    const served = await download(staff.manager, file.fileId)
    assert.equal(served.status, 200)
    assert.equal(served.headers['content-type'], 'application/pdf')
    assert.equal(served.headers['content-disposition'], "attachment; filename*=UTF-8''rate%20card.pdf")
    assert.equal(served.headers['x-content-type-options'], 'nosniff')
    assert.deepEqual(served.body, PDF)

    // Another property's administrator (with the files permission there): absent from the list, absent when asked
    // for, not deletable.
    const listed = await call(product(), owner.token, 'get', '/system/sysFile/list')
    assert.equal(listed.code, 200, listed.msg)
    assert.equal(listed.rows!.length, 0)
    assert.equal((await download(owner.token, file.fileId)).status, 404)
    assert.equal((await call(product(), owner.token, 'delete', `/system/sysFile/${file.fileId}`)).status, 404)

    // A clerk of the same property without the files permission: no list, and a private file stays unread.
    assert.equal((await call(product(), staff.clerk, 'get', '/system/sysFile/list')).status, 403)
    assert.equal((await download(staff.clerk, file.fileId)).status, 404)
    // …but a file shared in the property is readable by its staff.
    const shared = await upload(staff.manager, PNG, 'lobby.png', { private: 'false' })
    assert.equal(shared.body.data.category, 'image')
    assert.equal((await download(staff.clerk, shared.body.data.fileId)).status, 200)
    assert.equal((await download(owner.token, shared.body.data.fileId)).status, 404)

    // The platform sees every property's files, and may filter by one.
    const all = await call(product(), staff.admin, 'get', '/system/sysFile/list', { propertyId: staff.hotel })
    assert.deepEqual(all.rows!.map((r) => r.fileName).sort(), ['lobby.png', 'rate card.pdf'])
    assert.equal(all.rows![0].propertyName.length > 0, true)
    assert.equal((await download(staff.admin, file.fileId)).status, 200)

    const removed = await call(product(), staff.manager, 'delete', `/system/sysFile/${file.fileId}`)
    assert.equal(removed.code, 200, removed.msg)
    assert.equal((await download(staff.manager, file.fileId)).status, 404)
  })

  test('a platform upload names an existing property or none', async () => {
    const missing = await upload(staff.admin, PNG, 'x.png', { propertyId: '999999' })
    assert.equal(missing.status, 404)
    const own = await upload(staff.admin, PNG, 'platform.png')
    assert.equal(own.body.data.propertyId, 0)
    // Staff cannot name another property.
    const foreign = await upload(staff.manager, PNG, 'x.png', { propertyId: String(owner.propertyId) })
    assert.equal(foreign.status, 403)
    // A platform file is not a property's: staff cannot read or delete it.
    assert.equal((await download(staff.manager, own.body.data.fileId)).status, 404)
    assert.equal(
      (await call(product(), staff.manager, 'delete', `/system/sysFile/${own.body.data.fileId}`)).status,
      404,
    )
  })
})
