// The shop (SPEC §7 Shop): products and packages the platform sells (platform-only writes, staff see the shelf),
// the cart with its package contract, shipping addresses joined from the region tree, and shop orders — prices and
// stock checked when placing, the states and who may move them, stock returned on cancelling, the xlsx export, and
// another property's records refused.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { modelId } from './devices-support.ts'
import { assertHotelStamp, bearer, describeProduct } from './harness.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

const NANSHAN = { provinceCode: '440000', cityCode: '440300', areaCode: '440305' }

describeProduct('shop', (product) => {
  let staff: Staff
  let lockModel: number
  let lockCategory: number

  beforeAll(async () => {
    staff = await arrangeStaff(product())
    lockModel = await modelId(product(), 'PMSL-V3')
    const [row] = await product().query<{ category_id: string }>(
      'SELECT category_id FROM dvc_model WHERE model_id = $1',
      [lockModel],
    )
    lockCategory = Number(row!.category_id)
  })

  const newProduct = async (fields: Record<string, unknown> = {}) => {
    const res = await call(product(), staff.admin, 'post', '/ord/ordProduct', {
      name: 'BLE lock',
      modelId: lockModel,
      priceCents: 39_900,
      stock: 100,
      ...fields,
    })
    assert.equal(res.code, 200, res.msg)
    return res.data.productId as number
  }

  const stockOf = async (productId: number) => {
    const [row] = await product().query<{ stock: number }>(
      'SELECT stock FROM ord_product WHERE product_id = $1',
      [productId],
    )
    return Number(row!.stock)
  }

  test('products: the platform writes, staff browse what is on the shelf', async () => {
    const p = product()
    const made = await call(p, staff.admin, 'post', '/ord/ordProduct', {
      name: '  Gateway G1 ',
      modelId: lockModel,
      priceCents: 12_345,
      stock: 5,
      productImages: ' /img/a.png, ,/img/b.png ',
      description: 'Zigbee gateway',
    })
    assert.equal(made.code, 200, made.msg)
    assert.equal(made.data.name, 'Gateway G1')
    assert.equal(made.data.productImages, '/img/a.png,/img/b.png')
    assert.equal(made.data.onShelf, true)
    const id = made.data.productId

    const byStaff = await call(p, staff.manager, 'post', '/ord/ordProduct', {
      name: 'x',
      modelId: lockModel,
      priceCents: 1,
    })
    assert.equal(byStaff.status, 403)
    const editByStaff = await call(p, staff.manager, 'put', '/ord/ordProduct', {
      productId: id,
      priceCents: 1,
    })
    assert.equal(editByStaff.status, 403)
    const deleteByStaff = await call(p, staff.manager, 'delete', `/ord/ordProduct/${id}`)
    assert.equal(deleteByStaff.status, 403)
    const negative = await call(p, staff.admin, 'post', '/ord/ordProduct', {
      name: 'x',
      modelId: lockModel,
      priceCents: -1,
    })
    assert.equal(negative.status, 400)
    assert.match(negative.msg, /priceCents/)
    const noModel = await call(p, staff.admin, 'post', '/ord/ordProduct', {
      name: 'x',
      modelId: 999_999,
      priceCents: 1,
    })
    assert.equal(noModel.status, 404)
    assert.match(noModel.msg, /Model/)

    const seen = await call(p, staff.manager, 'get', '/ord/ordProduct/list', {
      categoryId: lockCategory,
      pageSize: 100,
    })
    assert.equal(seen.code, 200, seen.msg)
    const row = seen.rows!.find((r) => r.productId === id)
    assert.equal(row.modelCode, 'PMSL-V3')
    const detail = await call(p, staff.manager, 'get', `/ord/ordProduct/${id}`)
    assert.equal(detail.data.productImages, '/img/a.png,/img/b.png')
    // The product center's filters: the categories of the models on the shelf.
    const facets = await call(p, staff.manager, 'get', '/ord/ordProduct/facets')
    assert.equal(facets.code, 200, facets.msg)
    assert.ok(facets.data.category.some((c: { dictId: number }) => c.dictId === lockCategory))
    const otherCategory = await call(p, staff.manager, 'get', '/ord/ordProduct/list', { categoryId: 999_999 })
    assert.equal(otherCategory.total, 0)

    const off = await call(p, staff.admin, 'put', '/ord/ordProduct', { productId: id, onShelf: false })
    assert.equal(off.code, 200, off.msg)
    const hidden = await call(p, staff.manager, 'get', `/ord/ordProduct/${id}`)
    assert.equal(hidden.status, 404)
    const listed = await call(p, staff.manager, 'get', '/ord/ordProduct/list', { pageSize: 100 })
    assert.equal(
      listed.rows!.some((r) => r.productId === id),
      false,
    )
    const platformSees = await call(p, staff.admin, 'get', `/ord/ordProduct/${id}`)
    assert.equal(platformSees.code, 200)
    const clerk = await call(p, staff.clerk, 'get', '/ord/ordProduct/list')
    assert.equal(clerk.status, 403)
  })

  test('packages: types with their items, a combo, read back with names; products they hold are kept', async () => {
    const p = product()
    const lock = await newProduct({ name: 'Lock L1' })
    const gateway = await newProduct({ name: 'Gateway G2' })
    const made = await call(p, staff.admin, 'post', '/ord/ordPackage', {
      name: 'Starter',
      priceCents: 100_000,
      packageImages: '/img/p1.png,/img/p2.png',
      combo: 'Lock + gateway',
      packageTypeInfos: [
        { typeName: 'Locks', packageInfos: [{ productId: lock, num: 2 }] },
        { typeName: 'Gateways', packageInfos: [{ productId: gateway, num: 1 }] },
      ],
      comboInfos: [{ productId: lock, num: 1 }],
    })
    assert.equal(made.code, 200, made.msg)
    const read = await call(p, staff.manager, 'get', `/ord/ordPackage/${made.data.packageId}`)
    assert.equal(read.code, 200, read.msg)
    assert.equal(read.data.packageImages, '/img/p1.png,/img/p2.png')
    assert.deepEqual(read.data.packageTypeInfos, [
      { typeName: 'Locks', packageInfos: [{ productId: lock, num: 2, productName: 'Lock L1' }] },
      { typeName: 'Gateways', packageInfos: [{ productId: gateway, num: 1, productName: 'Gateway G2' }] },
    ])
    assert.equal(read.data.combo, 'Lock + gateway')
    assert.deepEqual(read.data.comboInfos, [{ productId: lock, num: 1, productName: 'Lock L1' }])
    const inCategory = await call(p, staff.manager, 'get', '/ord/ordPackage/list', {
      categoryId: lockCategory,
    })
    assert.ok(inCategory.rows!.some((r) => r.packageId === made.data.packageId))

    const unknown = await call(p, staff.admin, 'post', '/ord/ordPackage', {
      name: 'Bad',
      priceCents: 1,
      comboInfos: [{ productId: 999_999, num: 1 }],
    })
    assert.equal(unknown.status, 404)
    assert.match(unknown.msg, /Product/)
    const [left] = await p.query<{ n: string }>("SELECT count(*) AS n FROM ord_package WHERE name = 'Bad'")
    assert.equal(Number(left!.n), 0)

    const kept = await call(p, staff.admin, 'delete', `/ord/ordProduct/${gateway}`)
    assert.equal(kept.status, 409)
    assert.equal(kept.msg, 'The package Starter holds this product: take it off the shelf instead')
    const byStaff = await call(p, staff.manager, 'post', '/ord/ordPackage', { name: 'x', priceCents: 1 })
    assert.equal(byStaff.status, 403)
  })

  test('cart: products sum, a package is added with num 1 then updated to num, badge is the sum of num', async () => {
    const p = product()
    const item = await newProduct({ name: 'Reader R1' })
    const pkg = await call(p, staff.admin, 'post', '/ord/ordPackage', {
      name: 'Reader pack',
      priceCents: 5_000,
      packageTypeInfos: [{ typeName: 'Readers', packageInfos: [{ productId: item, num: 1 }] }],
    })
    const first = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: item,
      num: 2,
    })
    assert.equal(first.code, 200, first.msg)
    const again = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: item,
      num: 3,
    })
    assert.equal(again.data.cartId, first.data.cartId)
    assert.equal(again.data.num, 5)

    // SPEC §7: a package with num over 1 goes in with num 1, then the num is set.
    const added = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: true,
      packageId: pkg.data.packageId,
      num: 3,
    })
    assert.equal(added.code, 200, added.msg)
    assert.equal(added.data.num, 1)
    const updated = await call(p, staff.manager, 'put', '/ord/ordShopCart', {
      cartId: added.data.cartId,
      num: 3,
    })
    assert.equal(updated.code, 200, updated.msg)
    assert.equal(updated.data.num, 3)
    const list = await call(p, staff.manager, 'get', '/ord/ordShopCart/shopCartList')
    assert.equal(list.code, 200, list.msg)
    assert.equal(
      list.data.reduce((sum: number, l: { num: number }) => sum + l.num, 0),
      8,
    )
    const line = await call(p, staff.manager, 'get', `/ord/ordShopCart/${added.data.cartId}`)
    assert.equal(line.data.name, 'Reader pack')
    assert.equal(line.data.isPackage, true)

    const mixed = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: true,
      productId: item,
    })
    assert.equal(mixed.status, 400)
    assert.match(mixed.msg, /packageId/)
    const zero = await call(p, staff.manager, 'put', '/ord/ordShopCart', {
      cartId: added.data.cartId,
      num: 0,
    })
    assert.equal(zero.status, 400)
    const platform = await call(p, staff.admin, 'get', '/ord/ordShopCart/shopCartList')
    assert.equal(platform.status, 403)
    const clerk = await call(p, staff.clerk, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: item,
    })
    assert.equal(clerk.status, 403)

    await call(p, staff.admin, 'put', '/ord/ordProduct', { productId: item, onShelf: false })
    const offShelf = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: item,
    })
    assert.equal(offShelf.status, 409)
    assert.equal(offShelf.msg, 'This item is off the shelf')

    const gone = await call(
      p,
      staff.manager,
      'delete',
      `/ord/ordShopCart/${first.data.cartId},${added.data.cartId}`,
    )
    assert.equal(gone.code, 200, gone.msg)
    const empty = await call(p, staff.manager, 'get', '/ord/ordShopCart/shopCartList')
    assert.equal(empty.data.length, 0)
  })

  test('shipping addresses: region names joined into remark and address, one default', async () => {
    const p = product()
    const first = await call(p, staff.manager, 'post', '/ord/ordShipAddress', {
      consignee: 'Li Lei',
      phone: '13800138000',
      ...NANSHAN,
      street: '科技园 1 号',
    })
    assert.equal(first.code, 200, first.msg)
    assert.equal(first.data.remark, '广东省深圳市南山区')
    assert.equal(first.data.address, '广东省深圳市南山区科技园 1 号')
    assert.equal(first.data.isDefault, true)
    const second = await call(p, staff.manager, 'post', '/ord/ordShipAddress', {
      consignee: 'Han Meimei',
      phone: '13900139000',
      ...NANSHAN,
      street: '深南大道 2 号',
      isDefault: true,
    })
    assert.equal(second.data.isDefault, true)
    const all = await call(p, staff.manager, 'get', '/ord/ordShipAddress/listAll')
    assert.deepEqual(
      all.data
        .filter((a: { isDefault: boolean }) => a.isDefault)
        .map((a: { addressId: number }) => a.addressId),
      [second.data.addressId],
    )
    const wrongArea = await call(p, staff.manager, 'post', '/ord/ordShipAddress', {
      consignee: 'X',
      phone: '13900139000',
      ...NANSHAN,
      areaCode: '110101',
      street: 'Y',
    })
    assert.equal(wrongArea.status, 400)
    assert.match(wrongArea.msg, /areaCode/)
    const edited = await call(p, staff.manager, 'put', '/ord/ordShipAddress', {
      addressId: first.data.addressId,
      street: '科技园 9 号',
    })
    assert.equal(edited.data.address, '广东省深圳市南山区科技园 9 号')
    const removed = await call(p, staff.manager, 'delete', `/ord/ordShipAddress/${second.data.addressId}`)
    assert.equal(removed.code, 200, removed.msg)
    const read = await call(p, staff.manager, 'get', `/ord/ordShipAddress/${first.data.addressId}`)
    assert.equal(read.data.isDefault, true)
    const platform = await call(p, staff.admin, 'get', '/ord/ordShipAddress/listAll')
    assert.equal(platform.status, 403)
  })

  test('orders: placed with prices and stock checked, paid, shipped, received; cancelling returns stock', async () => {
    const p = product()
    const lock = await newProduct({ name: 'Order lock', priceCents: 10_000, stock: 20 })
    const gateway = await newProduct({ name: 'Order gateway', priceCents: 30_000, stock: 20 })
    const pkg = await call(p, staff.admin, 'post', '/ord/ordPackage', {
      name: 'Order pack',
      priceCents: 50_000,
      packageTypeInfos: [{ typeName: 'Locks', packageInfos: [{ productId: lock, num: 2 }] }],
      comboInfos: [{ productId: gateway, num: 1 }],
    })
    const address = await call(p, staff.manager, 'post', '/ord/ordShipAddress', {
      consignee: 'Wang Wu',
      phone: '13700137000',
      ...NANSHAN,
      street: 'Order street 5',
    })
    const a = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: lock,
      num: 3,
    })
    const b = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: true,
      packageId: pkg.data.packageId,
    })
    await call(p, staff.manager, 'put', '/ord/ordShopCart', { cartId: b.data.cartId, num: 2 })
    const cartIds = [a.data.cartId, b.data.cartId]

    const stale = await call(p, staff.manager, 'post', '/ord/ordShopOrder/place', {
      cartIds,
      addressId: address.data.addressId,
      expectedTotalCents: 1,
    })
    assert.equal(stale.status, 409)
    assert.equal(
      stale.msg,
      'Prices have changed: the total is now 1,300.00. Please check and place the order again',
    )
    assert.equal(await stockOf(lock), 20)

    const placed = await call(p, staff.manager, 'post', '/ord/ordShopOrder/place', {
      cartIds,
      addressId: address.data.addressId,
      expectedTotalCents: 130_000,
      remark: 'Front door',
    })
    assert.equal(placed.code, 200, placed.msg)
    assert.equal(placed.msg, 'Order placed')
    const order = placed.data
    assert.match(order.orderNo, /^SO\d{8}\d{6}$/)
    assert.equal(order.state, 'placed')
    assert.equal(order.totalCents, 130_000)
    assert.equal(order.itemCount, 5)
    assert.equal(order.address, '广东省深圳市南山区Order street 5')
    assert.deepEqual(
      order.lines.map((l: any) => [l.name, l.unitPriceCents, l.num, l.amountCents]),
      [
        ['Order lock', 10_000, 3, 30_000],
        ['Order pack', 50_000, 2, 100_000],
      ],
    )
    // 3 locks + 2 packs × 2 locks; 2 packs × 1 gateway of the combo.
    assert.equal(await stockOf(lock), 13)
    assert.equal(await stockOf(gateway), 18)
    const cart = await call(p, staff.manager, 'get', '/ord/ordShopCart/shopCartList')
    assert.equal(cart.data.length, 0)
    // The address as it was: editing it later leaves the order alone.
    await call(p, staff.manager, 'put', '/ord/ordShipAddress', {
      addressId: address.data.addressId,
      street: 'Moved',
    })
    const again = await call(p, staff.manager, 'get', `/ord/ordShopOrder/${order.orderId}`)
    assert.equal(again.data.address, '广东省深圳市南山区Order street 5')

    const mine = await call(p, staff.manager, 'get', '/ord/ordShopOrder/list')
    assert.ok(mine.rows!.every((r) => r.propertyId === staff.hotel))
    const platformList = await call(p, staff.admin, 'get', '/ord/ordShopOrder/list', {
      orderNo: order.orderNo,
    })
    assert.equal(platformList.total, 1)
    assert.equal(platformList.rows![0].propertyName.length > 0, true)

    const payByStaff = await call(p, staff.manager, 'post', `/ord/ordShopOrder/pay/${order.orderId}`)
    assert.equal(payByStaff.status, 403)
    const shipEarly = await call(p, staff.admin, 'post', '/ord/ordShopOrder/ship', {
      orderId: order.orderId,
      carrier: 'SF',
      trackingNo: 'SF100',
    })
    assert.equal(shipEarly.status, 409)
    assert.equal(shipEarly.msg, 'The order is Placed: cannot ship')
    const paid = await call(p, staff.admin, 'post', `/ord/ordShopOrder/pay/${order.orderId}`)
    assert.equal(paid.code, 200, paid.msg)
    assert.equal(paid.data.state, 'paid')
    const noCarrier = await call(p, staff.admin, 'post', '/ord/ordShopOrder/ship', {
      orderId: order.orderId,
      carrier: ' ',
      trackingNo: 'SF100',
    })
    assert.equal(noCarrier.status, 400)
    assert.match(noCarrier.msg, /carrier/)
    const staffCancelPaid = await call(p, staff.manager, 'post', `/ord/ordShopOrder/cancel/${order.orderId}`)
    assert.equal(staffCancelPaid.status, 409)
    const shipped = await call(p, staff.admin, 'post', '/ord/ordShopOrder/ship', {
      orderId: order.orderId,
      carrier: 'SF Express',
      trackingNo: 'SF100',
    })
    assert.equal(shipped.code, 200, shipped.msg)
    assert.equal(shipped.data.state, 'shipped')
    assert.equal(shipped.data.trackingNo, 'SF100')
    const received = await call(p, staff.manager, 'post', `/ord/ordShopOrder/receive/${order.orderId}`)
    assert.equal(received.data.state, 'received')
    const late = await call(p, staff.admin, 'post', `/ord/ordShopOrder/cancel/${order.orderId}`)
    assert.equal(late.status, 409)
    assert.equal(late.msg, 'The order is Received: cannot cancel')

    const exportedFrom = Date.now()
    const sheet = await p.http
      .post(`/prod-api/ord/ordShopOrder/export/${order.orderId}`)
      .set(bearer(staff.manager))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
    assert.equal(sheet.status, 200)
    assert.match(String(sheet.headers['content-type']), /spreadsheetml/)
    assertHotelStamp(sheet.headers['content-disposition'], exportedFrom, Date.now())
    const { default: ExcelJS } = await import('exceljs')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(new Uint8Array(sheet.body as Buffer).buffer)
    const cells = book.worksheets[0]!.getSheetValues().flatMap((r) => (Array.isArray(r) ? r.map(String) : []))
    for (const text of [order.orderNo, 'Order lock', 'Order pack', 'SF100'])
      assert.ok(cells.includes(text), `${text} in the export`)
    // Prices and amounts are numbers of yuan in the money format, which a spreadsheet sums; never text.
    const amounts: number[] = []
    book.worksheets[0]!.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.numFmt !== '#,##0.00') return
        assert.equal(typeof cell.value, 'number', cell.address)
        amounts.push(cell.value as number)
      }),
    )
    for (const yuan of [500, 1000, 1300])
      assert.ok(amounts.includes(yuan), `${yuan} among ${amounts.join(', ')}`)

    // A second order, cancelled by the property while placed: its stock comes back.
    const c = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: lock,
      num: 4,
    })
    const second = await call(p, staff.manager, 'post', '/ord/ordShopOrder/place', {
      cartIds: [c.data.cartId],
      addressId: address.data.addressId,
      expectedTotalCents: 40_000,
    })
    assert.equal(second.code, 200, second.msg)
    assert.equal(await stockOf(lock), 9)
    const cancelled = await call(p, staff.manager, 'post', `/ord/ordShopOrder/cancel/${second.data.orderId}`)
    assert.equal(cancelled.data.state, 'cancelled')
    assert.equal(await stockOf(lock), 13)

    const tooMany = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: lock,
      num: 14,
    })
    const short = await call(p, staff.manager, 'post', '/ord/ordShopOrder/place', {
      cartIds: [tooMany.data.cartId],
      addressId: address.data.addressId,
      expectedTotalCents: 140_000,
    })
    assert.equal(short.status, 409)
    assert.equal(short.msg, 'Not enough Order lock in stock (13 left)')
    await call(p, staff.manager, 'delete', `/ord/ordShopCart/${tooMany.data.cartId}`)
  })

  test("another property's cart lines, addresses and orders are refused", async () => {
    const p = product()
    const item = await newProduct({ name: 'Tenancy item' })
    const line = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: item,
    })
    const address = await call(p, staff.manager, 'post', '/ord/ordShipAddress', {
      consignee: 'Hotel',
      phone: '13600136000',
      ...NANSHAN,
      street: 'Hotel street',
    })
    const placed = await call(p, staff.manager, 'post', '/ord/ordShopOrder/place', {
      cartIds: [line.data.cartId],
      addressId: address.data.addressId,
      expectedTotalCents: 39_900,
    })
    assert.equal(placed.code, 200, placed.msg)
    const line2 = await call(p, staff.manager, 'post', '/ord/ordShopCart', {
      isPackage: false,
      productId: item,
    })

    const switched = await p.http
      .put(`/prod-api/auth/switchProperty/${staff.apartment}`)
      .set(bearer(staff.manager))
    assert.equal(switched.body.code, 200, switched.body.msg)
    try {
      for (const [method, path, body] of [
        ['get', `/ord/ordShopCart/${line2.data.cartId}`, undefined],
        ['put', '/ord/ordShopCart', { cartId: line2.data.cartId, num: 2 }],
        ['delete', `/ord/ordShopCart/${line2.data.cartId}`, undefined],
        ['get', `/ord/ordShipAddress/${address.data.addressId}`, undefined],
        ['put', '/ord/ordShipAddress', { addressId: address.data.addressId, street: 'x' }],
        ['delete', `/ord/ordShipAddress/${address.data.addressId}`, undefined],
        ['get', `/ord/ordShopOrder/${placed.data.orderId}`, undefined],
        ['post', `/ord/ordShopOrder/cancel/${placed.data.orderId}`, undefined],
        ['post', `/ord/ordShopOrder/export/${placed.data.orderId}`, undefined],
        [
          'post',
          '/ord/ordShopOrder/place',
          { cartIds: [line2.data.cartId], addressId: address.data.addressId, expectedTotalCents: 39_900 },
        ],
      ] as const) {
        const res = await call(p, staff.manager, method, path, body)
        assert.equal(res.status, 404, `${method} ${path}: ${res.msg}`)
      }
      const list = await call(p, staff.manager, 'get', '/ord/ordShopOrder/list')
      assert.equal(
        list.rows!.some((r) => r.orderId === placed.data.orderId),
        false,
      )
      const named = await call(p, staff.manager, 'get', '/ord/ordShopOrder/list', { propertyId: staff.hotel })
      assert.equal(named.status, 403)
    } finally {
      await p.http.put(`/prod-api/auth/switchProperty/${staff.hotel}`).set(bearer(staff.manager))
    }
    const [state] = await p.query<{ state: string }>('SELECT state FROM ord_shop_order WHERE order_id = $1', [
      placed.data.orderId,
    ])
    assert.equal(state!.state, 'placed')
    await call(p, staff.manager, 'delete', `/ord/ordShopCart/${line2.data.cartId}`)
  })

  test('30 concurrent orders for a product with 10 in stock: exactly 10 placed, stock 0', async () => {
    const p = product()
    const item = await newProduct({ name: 'Scarce lock', priceCents: 1_000, stock: 10 })
    const buyers: { token: string; cartId: number; addressId: number }[] = []
    const address = await call(p, staff.manager, 'post', '/ord/ordShipAddress', {
      consignee: 'Rush',
      phone: '13500135000',
      ...NANSHAN,
      street: 'Rush street',
    })
    // Carts are a user's: thirty buyers of the hotel, each with one line.
    for (let i = 0; i < 30; i++) {
      const name = `buyer${i}`
      await p.query(
        `INSERT INTO sys_user (user_name, password, user_type, default_property_id)
         SELECT $1, password, 2, $2 FROM sys_user WHERE user_name = 'manager'`,
        [name, staff.hotel],
      )
      await p.query(
        `INSERT INTO pms_property_user (property_id, user_id, role_id)
         SELECT $1, u.user_id, r.role_id FROM sys_user u, sys_role r
         WHERE u.user_name = $2 AND r.role_key = 'merchant_admin'`,
        [staff.hotel, name],
      )
      const token = await p.login(name)
      const line = await call(p, token, 'post', '/ord/ordShopCart', {
        isPackage: false,
        productId: item,
        num: 1,
      })
      assert.equal(line.code, 200, line.msg)
      buyers.push({ token, cartId: line.data.cartId, addressId: address.data.addressId })
    }
    const results = await Promise.all(
      buyers.map((b) =>
        call(p, b.token, 'post', '/ord/ordShopOrder/place', {
          cartIds: [b.cartId],
          addressId: b.addressId,
          expectedTotalCents: 1_000,
        }),
      ),
    )
    const placed = results.filter((r) => r.code === 200)
    const refused = results.filter((r) => r.code !== 200)
    assert.equal(placed.length, 10)
    assert.equal(refused.length, 20)
    for (const r of refused) {
      assert.equal(r.status, 409)
      assert.equal(r.msg, 'Not enough Scarce lock in stock (0 left)')
    }
    assert.equal(await stockOf(item), 0)
    const [taken] = await p.query<{ n: string }>(
      'SELECT coalesce(sum(num), 0) AS n FROM ord_shop_order_stock WHERE product_id = $1',
      [item],
    )
    assert.equal(Number(taken!.n), 10)
  })
})
