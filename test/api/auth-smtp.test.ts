// With SMTP configured, email codes go out through a real SMTP conversation and are recorded as sent.
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, test } from 'vitest'
import { startProduct, type TestProduct } from './harness.ts'

const received: Array<{ to: string[]; text: string }> = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    // This mailbox is refused, as a mail server does for an unknown or full mailbox.
    callback(address.address === 'clerk@demo.local' ? new Error('550 mailbox unavailable') : undefined)
  },
  onData(stream, session, callback) {
    let text = ''
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), text })
      callback()
    })
  },
})

let product: TestProduct
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  product = await startProduct('pglite', {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'desk@demo.local',
  })
})
afterAll(async () => {
  await product?.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

test('an email code is delivered over SMTP, recorded as sent, and signs the user in', async () => {
  const res = await product.http
    .get('/prod-api/emailCode?email=manager@demo.local&type=login')
    .set('Accept-Language', 'en-US')
  assert.equal(res.body.code, 200, JSON.stringify(res.body))
  assert.equal(received.length, 1)
  assert.deepEqual(received[0]!.to, ['manager@demo.local'])
  assert.match(received[0]!.text, /Subject: Your auth code/)
  const code = /Your auth code is (\d{6})/.exec(received[0]!.text)?.[1]
  assert.ok(code)
  const [record] = await product.query<{ status: string; content: string }>(
    "SELECT status, content FROM sys_email_record WHERE email = 'manager@demo.local'",
  )
  assert.equal(record!.status, 'sent')
  // Delivered to its owner: the record keeps the code masked, so nobody reading the records can sign in with it.
  assert.ok(!record!.content.includes(code), record!.content)
  assert.match(record!.content, /Your auth code is \*{6}/)
  const login = await product.http
    .post('/prod-api/auth/userLogin')
    .send({ username: 'manager@demo.local', code })
  assert.equal(login.body.code, 200)
})

test('a mail server that refuses answers a clear message and the code is withdrawn, so the user may retry at once', async () => {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await product.http
      .get('/prod-api/emailCode?email=clerk@demo.local&type=login')
      .set('Accept-Language', 'en-US')
    assert.equal(res.body.code, 500)
    assert.equal(res.body.msg, 'The auth code could not be sent, please try again later')
  }
  const codes = await product.query("SELECT id FROM sys_verify_code WHERE target = 'clerk@demo.local'")
  assert.equal(codes.length, 0)
})
