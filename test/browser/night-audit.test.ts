// Browser: the property admin opens the night audit overview, sees the reservation due and not arrived, runs the
// audit after its confirmation, watches the business date move on, and finds the run in the scheduler log; a clerk's
// desk left open meanwhile hears the day close and books the new business date without a reload, and another
// manager's open overview follows.
import assert from 'node:assert/strict'
import { addDays } from '@pms/protocol/time/zone'
import { describe, test } from 'vitest'
import { businessDate } from '../support/business-date.ts'
import { closeWithEscape, screenshot, signIn, useProductAndBrowser, waitLiveChannel } from './helpers.ts'

describe('the night audit in the console', () => {
  const suite = useProductAndBrowser()

  test('the admin sees the blockers, runs the audit, the date moves on and the log shows the run', async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const today = await businessDate(suite.product.server().sql, Number(hotel!.property_id))
    const [type] = await suite.product.sql<{ room_type_id: string }>(
      "SELECT room_type_id FROM pms_room_type WHERE property_id = $1 AND type_name = '标准大床房'",
      [hotel!.property_id],
    )
    // A reservation due today that has not arrived (made as the desk would, through the API).
    const login = await fetch(`${suite.product.baseUrl}/prod-api/auth/userPwdLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'clerk', password: 'admin123' }),
    })
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token
    const reserved = await fetch(`${suite.product.baseUrl}/prod-api/pms/pmsReserve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        startTime: today,
        nights: 1,
        contactName: 'Browser Late',
        rooms: [{ roomTypeId: Number(type!.room_type_id) }],
      }),
    })
    assert.equal(((await reserved.json()) as { code: number }).code, 200)

    /** A user's screen left open, hearing the live channel. */
    const openLive = async (userName: string, path: string, screen: string) => {
      const context = await suite.newContext()
      const page = await context.newPage()
      await signIn(page, userName)
      await page.goto(path)
      await page.getByTestId(screen).waitFor()
      await waitLiveChannel(page)
      return { context, page }
    }
    // A clerk's desk is open on the reservations, as a front-desk PC stays on through the night.
    const { context: desk, page: clerk } = await openLive('clerk', '/reserve', 'reserve-page')
    await clerk.evaluate(() => {
      ;(window as unknown as { leftOpen: boolean }).leftOpen = true
    })
    await clerk.getByTestId('reserve-new').click()
    assert.equal(await clerk.getByTestId('reserve-start-date').inputValue(), today)
    await closeWithEscape(clerk, clerk.getByTestId('reserve-dialog'))
    // A second manager's overview is open too (the scheduler, or another manager, may close the day).
    const { context: office, page: watching } = await openLive(
      'manager',
      '/nightAudit/pmsNightAudit',
      'night-audit-page',
    )
    assert.equal(await watching.getByTestId('business-date').textContent(), today)

    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    // The night audit group holds the overview and the shifts.
    await page.getByTestId('menu-group-/nightAudit').click()
    await page.getByTestId('menu-/nightAudit/pmsNightAudit').click()
    await page.getByTestId('night-audit-page').waitFor()
    assert.equal(await page.getByTestId('business-date').textContent(), today)
    await page.getByTestId('blocker-arrivalDue').first().waitFor()
    assert.ok((await page.getByTestId('night-audit-blockers').textContent())?.includes('Browser Late'))

    await page.getByTestId('night-audit-run').click()
    await page.getByTestId('night-audit-confirm').waitFor()
    await screenshot(page, 'night-audit-confirm')
    // The clerk's desk hears the day close: its toast shows for a few seconds, so it is watched for from the click on.
    const heard = clerk
      .getByTestId('toast')
      .filter({ hasText: `Business day ${today} closed by the night audit` })
      .waitFor()
    await page.getByTestId('night-audit-confirm-run').click()
    await heard
    await page.getByTestId(`night-audit-run-${today}`).waitFor()
    await page.getByText(addDays(today, 1), { exact: true }).first().waitFor()
    assert.equal(await page.getByTestId('business-date').textContent(), addDays(today, 1))
    await page.getByTestId('night-audit-refusal').waitFor()
    const [order] = await suite.product.sql<{ state: string }>(
      "SELECT state FROM pms_order WHERE contact_name = 'Browser Late'",
    )
    assert.equal(order!.state, 'noShow')

    // The clerk's desk, which heard the day close, books the new business date, without a reload.
    await clerk.getByTestId('reserve-new').click()
    assert.equal(await clerk.getByTestId('reserve-start-date').inputValue(), addDays(today, 1))
    assert.equal(await clerk.evaluate(() => (window as unknown as { leftOpen?: boolean }).leftOpen), true)
    await desk.close()
    // The other overview followed: the new date, and the run in its history.
    await watching.getByTestId(`night-audit-run-${today}`).waitFor()
    assert.equal(await watching.getByTestId('business-date').textContent(), addDays(today, 1))
    await office.close()

    // The console's default dates are the property's business date (now tomorrow), not the browser's calendar.
    await page.getByTestId('menu-group-/report').click()
    await page.getByTestId('menu-/report/income').click()
    await page.getByTestId('income-report-page').waitFor()
    // The period is the server's default around the business date, filled in once the report is loaded.
    await page.waitForFunction(
      (day) =>
        (document.querySelector('[data-testid="report-period-end"]') as HTMLInputElement | null)?.value ===
        day,
      addDays(today, 1),
    )
    assert.equal(await page.getByTestId('report-period-end').inputValue(), addDays(today, 1))
    assert.equal(await page.getByTestId('report-period').inputValue(), `${addDays(today, 1).slice(0, 8)}01`)

    await page.getByTestId('menu-/monitor/jobLog').click()
    await page.getByTestId('job-log-page').waitFor()
    await page.getByTestId('job-log-row').first().waitFor()
    assert.equal(await page.getByTestId('job-log-row').count(), 1)
    await screenshot(page, 'job-log')
  })
})
