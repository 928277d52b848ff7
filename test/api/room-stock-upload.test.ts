// Room type pictures (SPEC §3): POST /pms/pmsRoomType/upload stores an image under /files/room and answers its path,
// which a room type keeps in `pictures`; a non-image is refused (400) and staff without room-type rights get 403.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { PNG } from '../support/png.ts'
import { bearer, describeProduct } from './harness.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('room type picture upload', (product) => {
  let staff: Staff

  beforeAll(async () => {
    staff = await arrangeStaff(product())
  })

  const upload = (token: string, bytes: Buffer, field = 'file') =>
    product()
      .http.post('/prod-api/pms/pmsRoomType/upload')
      .set(bearer(token))
      .set('Accept-Language', 'en-US')
      .attach(field, bytes, 'picture.png')

  test('a manager uploads a picture, it is served back and kept on a new room type', async () => {
    const res = await upload(staff.manager, PNG)
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    const url = res.body.data.url as string
    assert.match(url, /^\/files\/room\/[0-9a-f]{24}\.png$/)
    const served = await product().http.get(`/prod-api${url}`)
    assert.equal(served.status, 200)
    assert.equal(served.headers['content-type'], 'image/png')

    const type = await call(product(), staff.manager, 'post', '/pms/pmsRoomType', {
      typeName: 'Picture suite',
      dailyPrice: 19900,
      pictures: url,
    })
    assert.equal(type.code, 200, type.msg)
    const one = await call(product(), staff.manager, 'get', `/pms/pmsRoomType/${type.data.roomTypeId}`)
    assert.equal(one.data.pictures, url)
  })

  test('a file that is not an image, a wrong field or a plain body is refused with 400', async () => {
    const text = await upload(staff.manager, Buffer.from('not a picture at all'))
    assert.equal(text.status, 400)
    assert.equal(text.body.code, 400)
    const field = await upload(staff.manager, PNG, 'image')
    assert.equal(field.status, 400)
    assert.match(field.body.msg, /file/)
    const plain = await call(product(), staff.manager, 'post', '/pms/pmsRoomType/upload', {})
    assert.equal(plain.status, 400)
  })

  test('front-desk staff without room-type rights cannot upload', async () => {
    const res = await upload(staff.clerk, PNG)
    assert.equal(res.status, 403)
    assert.equal(res.body.code, 403)
  })
})
