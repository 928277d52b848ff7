// App versions and their packages (issue 17): the §5 messages for what is missing, packages checked by content (a PNG
// renamed .exe and an executable renamed .png are both refused), the public latest version per platform and app, the
// download served as an attachment, and staff refused.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

const APK = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.from('fake-apk-body'.repeat(20))])
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)])
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)])

describeProduct('app versions', (product) => {
  let admin: string
  beforeAll(async () => {
    admin = await product().login('admin')
  })
  const en = (req: ReturnType<ReturnType<typeof product>['http']['get']>) =>
    req.set(bearer(admin)).set('Accept-Language', 'en-US')
  const upload = (bytes: Buffer, name: string) =>
    en(product().http.post('/prod-api/system/appVersion/upload')).attach('file', bytes, name)

  test('each missing field has the SPEC §5 message', async () => {
    const full = {
      platform: 'android',
      appId: 'com.demo.desk',
      versionCode: 1,
      versionName: '1.0.0',
      packageName: 'com.demo.desk',
      downloadUrl: 'https://example.com/desk-1.0.0.apk',
    }
    const cases: Array<[string, string]> = [
      ['versionCode', 'Version code cannot be empty'],
      ['versionName', 'Version name cannot be empty'],
      ['packageName', 'Package name cannot be empty'],
      ['downloadUrl', 'Installation package address cannot be empty'],
      ['appId', 'App and system platform cannot be empty'],
      ['platform', 'App and system platform cannot be empty'],
    ]
    for (const [field, message] of cases) {
      const { [field]: _left, ...body } = full as Record<string, unknown>
      const res = await en(product().http.post('/prod-api/system/appVersion')).send(body)
      assert.equal(res.status, 400, field)
      assert.equal(res.body.msg, message)
    }
    const created = await en(product().http.post('/prod-api/system/appVersion')).send(full)
    assert.equal(created.body.code, 200, JSON.stringify(created.body))
    const again = await en(product().http.post('/prod-api/system/appVersion')).send(full)
    assert.equal(again.status, 400)
  })

  test('packages are judged by content: a PNG named .exe and an executable named .png are refused', async () => {
    const pngAsExe = await upload(PNG, 'setup.exe')
    assert.equal(pngAsExe.status, 400)
    assert.equal(pngAsExe.body.msg, 'The file is not a recognised installation package')
    const exeAsPng = await upload(EXE, 'photo.png')
    assert.equal(exeAsPng.status, 400)
    assert.equal(exeAsPng.body.msg, 'The file content does not match its .png extension')
    const exe = await upload(EXE, 'setup.exe')
    assert.equal(exe.body.code, 200, JSON.stringify(exe.body))
    assert.match(exe.body.data.filePath, /^[0-9a-f]{24}\.exe$/)
  })

  test('the latest version per platform and app is public, and its package downloads as an attachment', async () => {
    const stored = await upload(APK, 'desk-2.0.apk')
    assert.equal(stored.body.code, 200)
    for (const [code, name] of [
      [3, '3.0.0'],
      [2, '2.0.0'],
    ] as const) {
      const res = await en(product().http.post('/prod-api/system/appVersion')).send({
        platform: 'android',
        appId: 'com.demo.guest',
        versionCode: code,
        versionName: name,
        packageName: 'com.demo.guest',
        releaseNotes: `Notes of ${name}`,
        ...stored.body.data,
      })
      assert.equal(res.body.code, 200, JSON.stringify(res.body))
    }
    const latest = await product().http.get('/prod-api/system/appVersion/latest/android/com.demo.guest')
    assert.equal(latest.body.code, 200)
    assert.equal(latest.body.data.versionName, '3.0.0')
    assert.equal(latest.body.data.filePath, undefined)
    const file = await product()
      .http.get(latest.body.data.href)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
    assert.equal(file.status, 200)
    assert.equal(file.headers['content-type'], 'application/vnd.android.package-archive')
    assert.equal(file.headers['content-disposition'], 'attachment; filename="desk-2.0.apk"')
    assert.ok((file.body as Buffer).equals(APK))
    const none = await product().http.get('/prod-api/system/appVersion/latest/ios/com.demo.guest')
    assert.equal(none.status, 404)
    // Staff manage no releases.
    const clerk = await product().login('manager')
    const list = await product().http.get('/prod-api/system/appVersion/list').set(bearer(clerk))
    assert.equal(list.status, 403)
  })
})
