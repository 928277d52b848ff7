// Browser: the two other sign-in ways of /login — a code sent by SMS or email, and a QR code confirmed from a phone.
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { PASSWORD, screenshot, useProductAndBrowser } from './helpers.ts'

const CLERK_PHONE = '13800000002'
const CLERK_STORED_PHONE = '0086-13800000002'
const MANAGER_PHONE = '0086-13800000001'
const MANAGER_EMAIL = 'manager@demo.local'
const QR_WAIT_MS = 60_000

/** The single 6-digit code inside a delivered message. */
function codeIn(content: string): string {
  const codes = content.match(/\b\d{6}\b/g) ?? []
  assert.equal(codes.length, 1, `one 6-digit code expected in: ${content}`)
  return codes[0]!
}

/** A 6-digit code that is surely not `code`. */
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000')

describe('console sign-in by code and by QR code', () => {
  const suite = useProductAndBrowser()

  /** The userName of the session the browser holds, asked of the server with the cookie's token. */
  async function signedInUser(context: BrowserContext): Promise<string> {
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value
    assert.ok(token, 'the Admin-Token cookie is set')
    const res = await fetch(`${suite.product.baseUrl}/prod-api/system/user/getInfo`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const body = (await res.json()) as {
      code: number
      user?: { userName: string }
      data?: { user?: { userName: string } }
    }
    assert.equal(body.code, 200)
    return (body.data?.user ?? body.user)!.userName
  }

  /** Presses send and waits for the server to accept the request. */
  async function sendCode(page: Page, endpoint: '/phoneCode' | '/emailCode'): Promise<void> {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/prod-api${endpoint}`)
    await page.getByTestId('send-code').click()
    const res = await answered
    assert.equal(res.status(), 200)
    assert.equal(((await res.json()) as { code: number }).code, 200)
  }

  async function openCodeTab(page: Page) {
    await page.goto('/login')
    await page.getByTestId('tab-code').click()
    const form = page.getByTestId('code-form')
    await form.waitFor()
    return {
      form,
      account: form.locator('input[name="account"]'),
      code: form.locator('input[name="code"]'),
      submit: form.locator('button[type="submit"]'),
    }
  }

  test('phone code: a wrong code shows the server message, the code from the SMS signs the clerk in', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    const { form, account, code, submit } = await openCodeTab(page)
    await account.fill(CLERK_PHONE)
    assert.equal(await form.getByTestId('area-code').inputValue(), '0086')
    await sendCode(page, '/phoneCode')

    const sms = await suite.product.sql<{ content: string; purpose: string }>(
      'SELECT content, purpose FROM sys_sms_record WHERE phone = $1',
      [CLERK_STORED_PHONE],
    )
    assert.equal(sms.length, 1)
    assert.equal(sms[0]!.purpose, 'login')
    const sent = codeIn(sms[0]!.content)

    await code.fill(otherCode(sent))
    await submit.click()
    await page.getByTestId('toast').filter({ hasText: 'Wrong auth code' }).waitFor()
    assert.equal(new URL(page.url()).pathname, '/login')
    assert.ok(!(await context.cookies()).some((c) => c.name === 'Admin-Token'))

    await code.fill(sent)
    await submit.click()
    await page.getByTestId('home-page').waitFor()
    assert.equal(new URL(page.url()).pathname, '/index')
    assert.equal(await signedInUser(context), 'clerk')
    await context.close()
  })

  test('email code: an email address sends the code by email and signs the manager in', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    const { form, account, code, submit } = await openCodeTab(page)
    await account.fill(MANAGER_EMAIL)
    // An email needs no area code: the picker goes away.
    await form.getByTestId('area-code').waitFor({ state: 'detached' })
    await sendCode(page, '/emailCode')

    const mails = await suite.product.sql<{ content: string; purpose: string }>(
      'SELECT content, purpose FROM sys_email_record WHERE email = $1',
      [MANAGER_EMAIL],
    )
    assert.equal(mails.length, 1)
    assert.equal(mails[0]!.purpose, 'login')
    const sms = await suite.product.sql('SELECT 1 FROM sys_sms_record WHERE phone = $1', [MANAGER_PHONE])
    assert.equal(sms.length, 0, 'no SMS goes to the manager')

    await code.fill(codeIn(mails[0]!.content))
    await submit.click()
    await page.getByTestId('home-page').waitFor()
    assert.equal(new URL(page.url()).pathname, '/index')
    assert.equal(await signedInUser(context), 'manager')
    await context.close()
  })

  test('QR code: scanned and confirmed from a signed-in phone, the console signs in by itself', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByTestId('login-card').waitFor()
    const issued = page.waitForResponse((r) => new URL(r.url()).pathname === '/prod-api/auth/qrLoginCode')
    await page.getByTestId('tab-qr').click()
    const qr = ((await (await issued).json()) as { data: { uuid: string; content: string } }).data
    assert.match(qr.uuid, /^[0-9a-f-]{36}$/)
    await page.getByTestId('qr-code').waitFor()
    await screenshot(page, 'login-qr')
    // Confirm the code the console is polling: if the panel was mounted again (a language pack arriving re-renders
    // the page), it asked for a fresh code, and the first one answered above is no longer on screen.
    const polled = await page.waitForRequest(
      (r) => /\/prod-api\/auth\/qrLogin\/[0-9a-f-]{36}\?/.test(r.url()),
      {
        timeout: QR_WAIT_MS,
      },
    )
    qr.uuid = new URL(polled.url()).pathname.split('/').at(-1)!

    // The phone: the manager signed in there, scanning then confirming the code the console shows.
    const login = await fetch(`${suite.product.baseUrl}/prod-api/auth/userPwdLogin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: PASSWORD }),
    })
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token
    assert.ok(token)
    const phone = async (step: 'scan' | 'confirm') => {
      const res = await fetch(`${suite.product.baseUrl}/prod-api/auth/qrLogin/${qr.uuid}/${step}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}` },
      })
      assert.equal(((await res.json()) as { code: number }).code, 200, step)
    }

    await phone('scan')
    // The console sees the scan on its next poll, and is not signed in before the confirmation.
    await page
      .getByTestId('qr-state')
      .filter({ hasText: 'Scanned: confirm the sign-in on your phone' })
      .waitFor({ timeout: QR_WAIT_MS })
    assert.equal(new URL(page.url()).pathname, '/login')

    await phone('confirm')
    await page.getByTestId('home-page').waitFor({ timeout: QR_WAIT_MS })
    assert.equal(new URL(page.url()).pathname, '/index')
    assert.equal(await signedInUser(context), 'manager')
    // Collected once: the code is gone from the database.
    const left = await suite.product.sql('SELECT 1 FROM sys_qr_login WHERE uuid = $1', [qr.uuid])
    assert.equal(left.length, 0)
    await context.close()
  })
})
