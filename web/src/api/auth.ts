// Authentication and session calls (SPEC §7 "Authentication and user").
import type {
  CaptchaResult,
  CodeLoginBody,
  LoginResult,
  PasswordLoginBody,
  QrLoginCode,
  QrLoginStatus,
  Result,
  RouteItem,
  UserInfo,
} from '@pms/protocol'
import type { BusinessDay } from '@pms/protocol/api/night-audit'
import { imageDataSource } from '@pms/protocol/format/validators'
import { http } from './request.ts'

const anonymous = { auth: false }

/** A QR code as issued to the console, with the secret only its holder polls with. */
export type QrLoginTicket = QrLoginCode & { secret: string }

export const authApi = {
  captcha: () => http.get<CaptchaResult & Partial<Result>>('/code', undefined, { ...anonymous, quiet: true }),
  /** The platform entry (/admin) signs in type-1 users; staff use userPwdLogin. */
  platformLogin: (body: PasswordLoginBody) => http.post<Result<LoginResult>>('/auth/login', body, anonymous),
  staffLogin: (body: PasswordLoginBody) =>
    http.post<Result<LoginResult>>('/auth/userPwdLogin', body, anonymous),
  codeLogin: (body: CodeLoginBody) => http.post<Result<LoginResult>>('/auth/userLogin', body, anonymous),
  emailCode: (email: string, type: 'login' | 'register') =>
    http.get<Result>('/emailCode', { email, type }, anonymous),
  phoneCode: (phone: string, type: 'login' | 'register') =>
    http.get<Result>('/phoneCode', { phone, type }, anonymous),
  register: (body: RegisterBody) => http.post<Result<LoginResult>>('/auth/register', body, anonymous),
  qrCode: () => http.get<Result<QrLoginTicket>>('/auth/qrLoginCode', undefined, anonymous),
  qrStatus: (uuid: string, secret: string) =>
    http.get<Result<QrLoginStatus>>(
      `/auth/qrLogin/${encodeURIComponent(uuid)}`,
      { secret },
      {
        ...anonymous,
        quiet: true,
      },
    ),
  logout: () => http.delete<Result>('/auth/logout', { quiet: true }),
  switchProperty: (propertyId: number) => http.put<Result>(`/auth/switchProperty/${propertyId}`),
  /** The current property's business date (the console's default dates). */
  businessDay: () =>
    http.get<Result<BusinessDay>>('/pms/pmsNightAudit/businessDate', undefined, { quiet: true }),
  getInfo: () => http.get<Result<UserInfo> & Partial<UserInfo>>('/system/user/getInfo'),
  getRouters: () => http.get<Result<RouteItem[]>>('/system/menu/getRouters'),
}

/** getInfo answers the user either in `data` or at the top level, RuoYi style. */
export function unwrapUserInfo(body: Result<UserInfo> & Partial<UserInfo>): UserInfo {
  if (body.data?.user) return body.data
  return {
    user: body.user!,
    roles: body.roles ?? [],
    pRoles: body.pRoles ?? [],
    permissions: body.permissions ?? [],
  }
}

/** The captcha fields come in `data` or at the top level; a bare base64 image (RuoYi's) is shown as a PNG (SPEC §5). */
export function unwrapCaptcha(body: CaptchaResult & Partial<Result>): CaptchaResult {
  const inner = (body.data ?? body) as CaptchaResult
  return {
    captchaEnabled: inner.captchaEnabled !== false,
    uuid: inner.uuid,
    img: inner.img ? imageDataSource(inner.img) : inner.img,
  }
}

export interface RegisterBody {
  username: string
  password: string
  confirmPassword: string
  code: string
  email?: string
  phone?: string
  areaCode?: string
  nickName?: string
}
