// Browser: a property admin opens a package in the product center, adds two to the cart (the badge counts them), sets
// a shipping address with the address picker at checkout and places the order; the platform admin then marks it paid
// and ships it with a carrier and tracking number, and the property sees it shipped.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { beforeAll, describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

describe('the shop in the console', () => {
  const suite = useProductAndBrowser()
  let packageId: number
  let lockId: number

  beforeAll(async () => {
    // What the platform sells: a lock, and a package of two locks.
    const [lock] = await suite.product.sql<{ product_id: string }>(
      `INSERT INTO ord_product (name, model_id, price_cents, stock, product_images)
       SELECT 'Door lock V3', model_id, 45000, 50, '' FROM dvc_model WHERE code = 'PMSL-V3'
       RETURNING product_id`,
    )
    lockId = Number(lock!.product_id)
    const [pkg] = await suite.product.sql<{ package_id: string }>(
      `INSERT INTO ord_package (name, price_cents, combo) VALUES ('Room starter kit', 80000, 'Two locks')
       RETURNING package_id`,
    )
    packageId = Number(pkg!.package_id)
    const [type] = await suite.product.sql<{ type_id: string }>(
      `INSERT INTO ord_package_type (package_id, type_name) VALUES ($1, 'Locks') RETURNING type_id`,
      [packageId],
    )
    await suite.product.sql('INSERT INTO ord_package_item (type_id, product_id, num) VALUES ($1, $2, 2)', [
      type!.type_id,
      lockId,
    ])
  })

  test('a property admin orders a package; the platform admin ships it', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')

    await page.goto('/shop/center')
    await page.getByTestId('shop-center-page').waitFor()
    await page.getByTestId('shop-tab-packages').click()
    await page.getByTestId(`shop-package-${packageId}`).click()
    const detail = page.getByTestId('shop-package-detail')
    await detail.waitFor()
    assert.match((await detail.getByTestId('shop-package-contents').textContent()) ?? '', /Door lock V3/)
    await detail.getByTestId('shop-detail-num').fill('2')
    await detail.getByTestId('shop-add-to-cart').click()
    await detail.getByTestId('shop-cart-badge').filter({ hasText: /^2$/ }).waitFor()
    await screenshot(page, 'shop-package-detail')

    await detail.getByTestId('shop-cart-button').click()
    const cart = page.getByTestId('shop-cart-page')
    await cart.waitFor()
    const [line] = await suite.product.sql<{ cart_id: string; num: number }>(
      'SELECT cart_id, num FROM ord_shop_cart',
    )
    assert.equal(line!.num, 2)
    await cart.getByTestId(`shop-cart-pick-${line!.cart_id}`).check({ force: true })
    await cart.getByTestId('shop-cart-total').filter({ hasText: '1,600.00' }).waitFor()
    await cart.getByTestId('shop-checkout').click()

    const checkout = page.getByTestId('shop-checkout-page')
    await checkout.waitFor()
    await checkout.getByTestId('shop-checkout-total').filter({ hasText: '1,600.00' }).waitFor()
    await checkout.getByTestId('shop-checkout-new-address').click()
    const dialog = page.getByTestId('shop-address-dialog')
    await dialog.getByTestId('field-consignee').fill('Zhang San')
    await dialog.getByTestId('field-phone').fill('13800138000')
    await dialog.getByTestId('shop-address-region-province').selectOption('440000')
    await dialog.getByTestId('shop-address-region-city').selectOption('440300')
    await dialog.getByTestId('shop-address-region-county').selectOption('440305')
    await dialog.getByTestId('field-street').fill('Science Park 1')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    const address = checkout.getByTestId('shop-checkout-address')
    await page.waitForFunction(
      (el) =>
        (el as HTMLSelectElement).selectedOptions[0]?.textContent?.includes(
          '广东省深圳市南山区Science Park 1',
        ),
      await address.elementHandle(),
    )
    // The phone is masked on screen.
    assert.match((await address.textContent()) ?? '', /138\*\*\*\*8000/)
    await screenshot(page, 'shop-checkout')
    await checkout.getByTestId('shop-place-order').click()

    const mine = page.getByTestId('shop-order-page')
    await mine.waitFor()
    const row = mine.getByTestId('crud-row').first()
    await row
      .getByTestId('shop-order-state')
      .filter({ hasText: en('shop.state.placed') })
      .waitFor()
    const [order] = await suite.product.sql<{ order_no: string; total_cents: string; state: string }>(
      'SELECT order_no, total_cents, state FROM ord_shop_order',
    )
    assert.equal(Number(order!.total_cents), 160_000)
    const [stock] = await suite.product.sql<{ stock: number }>(
      'SELECT stock FROM ord_product WHERE product_id = $1',
      [lockId],
    )
    assert.equal(stock!.stock, 46)
    await screenshot(page, 'shop-my-orders')

    // The platform admin marks the offline payment and ships.
    const admin = await suite.newContext()
    const platform = await admin.newPage()
    await signIn(platform, 'admin')
    await platform.goto('/shopAdmin/ordShopOrder')
    const screen = platform.getByTestId('shop-order-admin-page')
    await screen.waitFor()
    const adminRow = screen.locator('[data-testid="crud-row"]', { hasText: order!.order_no })
    await adminRow.waitFor()
    await adminRow.getByTestId('crud-row-menu').click()
    await platform.getByTestId('crud-action-pay').click()
    await platform.getByTestId('confirm-ok').click()
    await adminRow
      .getByTestId('shop-order-state')
      .filter({ hasText: en('shop.state.paid') })
      .waitFor()
    await adminRow.getByTestId('crud-row-menu').click()
    await platform.getByTestId('crud-action-ship').click()
    const ship = platform.getByTestId('shop-ship-dialog')
    await ship.getByTestId('shop-ship-carrier').fill('SF Express')
    await ship.getByTestId('shop-ship-tracking').fill('SF1234567890')
    await ship.getByTestId('shop-ship-confirm').click()
    await adminRow
      .getByTestId('shop-order-state')
      .filter({ hasText: en('shop.state.shipped') })
      .waitFor()
    await screenshot(platform, 'shop-admin-shipped')
    const [shipped] = await suite.product.sql<{ state: string; carrier: string; tracking_no: string }>(
      'SELECT state, carrier, tracking_no FROM ord_shop_order',
    )
    assert.deepEqual(shipped, { state: 'shipped', carrier: 'SF Express', tracking_no: 'SF1234567890' })

    // The property sees it shipped, with its tracking number.
    await mine.getByTestId('crud-refresh').click()
    await row
      .getByTestId('shop-order-state')
      .filter({ hasText: en('shop.state.shipped') })
      .waitFor()
    assert.match((await row.textContent()) ?? '', /SF1234567890/)

    // The print page of the order: where it goes (phone masked), its line and total.
    const [ids] = await suite.product.sql<{ order_id: string }>('SELECT order_id FROM ord_shop_order')
    await page.goto(`/ordShopOrder/print?orderId=${ids!.order_id}`)
    const print = page.getByTestId('shop-order-print')
    await print.waitFor()
    const printed = (await print.textContent()) ?? ''
    for (const text of [order!.order_no, 'Room starter kit', '1,600.00', '138****8000', 'SF1234567890'])
      assert.ok(printed.includes(text), `${text} printed`)
    await admin.close()
    await context.close()
  })

  test('the platform admin adds a product and a package with its types and combo', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'admin')
    const [model] = await suite.product.sql<{ model_id: string }>(
      "SELECT model_id FROM dvc_model WHERE code = 'PMSL-V3'",
    )

    await page.goto('/shopAdmin/ordProduct')
    const products = page.getByTestId('shop-product-page')
    await products.waitFor()
    await products.getByTestId('crud-add').click()
    let dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-name').fill('Card encoder E1')
    await dialog.getByTestId('field-modelId').selectOption(String(model!.model_id))
    await dialog.getByTestId('field-priceCents').fill('1,280.50')
    await dialog.getByTestId('field-stock').fill('7')
    await dialog.getByTestId('field-productImages').fill('/img/e1.png,/img/e1-back.png')
    await dialog.getByTestId('crud-save').click()
    await products.locator('[data-testid="crud-row"]', { hasText: 'Card encoder E1' }).waitFor()
    const [encoder] = await suite.product.sql<{ product_id: string; price_cents: string; stock: number }>(
      "SELECT product_id, price_cents, stock FROM ord_product WHERE name = 'Card encoder E1'",
    )
    assert.equal(Number(encoder!.price_cents), 128_050)
    assert.equal(encoder!.stock, 7)

    await page.goto('/shopAdmin/ordPackage')
    const packages = page.getByTestId('shop-package-page')
    await packages.waitFor()
    await packages.getByTestId('crud-add').click()
    dialog = page.getByTestId('shop-package-dialog')
    await dialog.getByTestId('field-name').fill('Front desk kit')
    await dialog.getByTestId('field-priceCents').fill('2000')
    await dialog.getByTestId('field-combo').fill('Encoder + lock')
    await dialog.getByTestId('package-add-type').click()
    await dialog.getByTestId('package-type-name-0').fill('Encoders')
    await dialog.getByTestId('package-type-0-product-0').selectOption(String(encoder!.product_id))
    await dialog.getByTestId('package-type-0-num-0').fill('2')
    await dialog.getByTestId('package-combo-add').click()
    await dialog.getByTestId('package-combo-product-0').selectOption(String(lockId))
    await dialog.getByTestId('crud-save').click()
    await packages.locator('[data-testid="crud-row"]', { hasText: 'Front desk kit' }).waitFor()
    const contents = await suite.product.sql<{ type_name: string; product_id: string; num: number }>(
      `SELECT t.type_name, i.product_id, i.num FROM ord_package p
         JOIN ord_package_type t ON t.package_id = p.package_id
         JOIN ord_package_item i ON i.type_id = t.type_id WHERE p.name = 'Front desk kit'`,
    )
    assert.deepEqual(
      contents.map((c) => [c.type_name, Number(c.product_id), c.num]),
      [['Encoders', Number(encoder!.product_id), 2]],
    )
    const combo = await suite.product.sql<{ product_id: string; num: number }>(
      `SELECT c.product_id, c.num FROM ord_package_combo c JOIN ord_package p USING (package_id)
        WHERE p.name = 'Front desk kit'`,
    )
    assert.deepEqual(
      combo.map((c) => [Number(c.product_id), c.num]),
      [[lockId, 1]],
    )
    await screenshot(page, 'shop-admin-packages')
    await context.close()
  })
})
