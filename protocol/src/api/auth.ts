// Contract of the authentication and session calls (SPEC §3 login result, §7 authentication).

export const UserType = { platform: 1, registered: 2 } as const
export type UserType = (typeof UserType)[keyof typeof UserType]

/** POST /auth/login and friends answer this in `data`. */
export interface LoginResult {
  access_token: string
  userType: UserType
  expires_in: number
  defaultPropertyId: number
}

/** Session lifetime in seconds, also the expiry after /auth/refresh (SPEC §9). */
export const TOKEN_EXPIRES_IN = 43200

/**
 * A request header (value '1') saying the call was not asked for by a person: a console's automatic read while nobody
 * has touched it (a screen reloading itself at a stay's due time, after a live update or a reconnection). Such a call is
 * answered as any other but does not slide its session, so a console left open expires TOKEN_EXPIRES_IN after its
 * user's last action, not after its last automatic read.
 */
export const UNATTENDED_HEADER = 'x-pms-unattended'

export interface PasswordLoginBody {
  username: string
  password: string
  code?: string
  uuid?: string
}

/** POST /auth/userLogin: sign in with a code sent by email or phone. */
export interface CodeLoginBody {
  username: string
  code: string
  /** Dial code as four digits, e.g. '0086', used when the username is a phone number. */
  areaCode?: string
}

export interface CaptchaResult {
  captchaEnabled: boolean
  uuid?: string
  /** A data URL of the captcha picture. */
  img?: string
}

export const QrLoginState = {
  waiting: 'waiting',
  scanned: 'scanned',
  confirmed: 'confirmed',
  expired: 'expired',
} as const
export type QrLoginState = (typeof QrLoginState)[keyof typeof QrLoginState]

export interface QrLoginCode {
  uuid: string
  /** What the QR code encodes. */
  content: string
  /** Seconds until the code expires. */
  expiresIn: number
}

export interface QrLoginStatus {
  state: QrLoginState
  login?: LoginResult
}

export interface UserInfo {
  user: {
    userId: number
    userName: string
    nickName: string
    email: string
    phonenumber: string
    avatar: string
    userType: UserType
    dept: { deptName: string } | null
    defaultPropertyId: number
  }
  roles: string[]
  pRoles: string[]
  permissions: string[]
}

export interface RouteItem {
  path: string
  name?: string
  hidden: boolean
  redirect?: string
  alwaysShow?: boolean
  component?: string
  meta?: {
    title: string
    icon?: string
    affix?: boolean
    breadcrumb?: boolean
    activeMenu?: string
    link?: string
  }
  children?: RouteItem[]
}

/** Published on <prefix>/change_property/user_id_{userId} after a property switch (SPEC §4, §7). */
export interface PropertyChangeMessage {
  propertyId: number
  /** Hash of the token of the session that switched, so that session can ignore its own message. */
  tokenHash: string
}

/**
 * Published on <prefix>/room_chart/{propertyId} once a change to the property's room status chart has committed (a
 * check-in or check-out, a room change, a payment, a booking for today, a room set dirty…, by any desk or server):
 * an open chart, and the views drawn from the same stays, read themselves again (unchanged parts answer 304 or are
 * patched on the server). Not a push record: nothing is stored, nothing shows in the bell. A chain with several
 * server instances relays each change from every instance; consoles fold the repeats into one read.
 */
export interface RoomChartMessage {
  propertyId: number
}

export const MQTT_TOPIC_PREFIX = 'pms'
export const topics = {
  propertyChange: (userId: number, prefix = MQTT_TOPIC_PREFIX) =>
    `${prefix}/change_property/user_id_${userId}`,
  pushRecord: (propertyId: number, prefix = MQTT_TOPIC_PREFIX) => `${prefix}/push_record/${propertyId}`,
  roomChart: (propertyId: number, prefix = MQTT_TOPIC_PREFIX) => `${prefix}/room_chart/${propertyId}`,
}
