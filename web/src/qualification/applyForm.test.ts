import assert from 'node:assert/strict'
import { test } from 'vitest'
import { bodyOf, EMPTY_FORM, editAddress, formProblems, pickSuggestion, suggestionText } from './applyForm.ts'

const nanshan = { title: '海岸路 1 号', address: '广东省深圳市南山区海岸路 1 号', cityId: '440305' }

test('empty required fields each have their §5 message', () => {
  const problems = formProblems(EMPTY_FORM)
  assert.deepEqual(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, v!.key])), {
    project: 'qualification.projectRequired',
    contact: 'qualification.contactRequired',
    phone: 'qualification.phoneRequired',
    address: 'qualification.addressRequired',
  })
})

test('an address typed but not picked from the suggestions is refused', () => {
  const typed = editAddress({ ...EMPTY_FORM, project: 'p', contact: 'c', phone: '1' }, '海岸路')
  assert.equal(formProblems(typed).address?.key, 'qualification.addressFromList')
})

test('picking a suggestion sets cityId; a house number after it keeps it; other text drops it', () => {
  const picked = pickSuggestion(EMPTY_FORM, nanshan)
  assert.equal(picked.address, '广东省深圳市南山区海岸路 1 号')
  assert.equal(picked.cityId, '440305')
  assert.equal(editAddress(picked, `${picked.address} 2 楼`).cityId, '440305')
  const changed = editAddress(picked, '广东省深圳市')
  assert.equal(changed.cityId, '')
  assert.equal(
    suggestionText({ title: '海岸城', address: '广东省深圳市南山区文心五路33号', cityId: '440305' }),
    '广东省深圳市南山区文心五路33号海岸城',
  )
})

test('the body zeroes the last two digits of cityId and trims', () => {
  const form = { ...pickSuggestion(EMPTY_FORM, nanshan), project: ' Inn ', contact: 'c', phone: '1' }
  const body = bodyOf(form)
  assert.equal(body.cityId, '440300')
  assert.equal(body.project, 'Inn')
  assert.equal('image' in body, false)
  assert.deepEqual(formProblems(form), {})
})
