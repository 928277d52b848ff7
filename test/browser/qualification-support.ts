// Shared arrangements of the qualification browser suites (customer and agency): the registered user that applies,
// and the licence image it uploads.
import { apiPoster } from './helpers.ts'

export { PNG } from '../support/png.ts'

/** Registers a user as a fresh registration leaves it: type 2, no property, no role; its password is name + '123'. */
export async function registerUser(baseUrl: string, userName: string, nickName: string) {
  const post = await apiPoster(baseUrl)
  await post('/system/user', { userName, password: `${userName}123`, nickName, userType: 2 })
}
