// What a request leaves in the log, the same for the central server and the bridge: never a token, a cookie or a
// secret passed in a query string (SPEC's password change takes both passwords in its query; captcha and login codes
// and QR-login secrets travel there too).

/** Query parameters whose values never reach the log: tokens, any kind of password, codes. */
export const SECRET_PARAMS = /([?&](?:token|access_token|[a-z]*password|code|secret)=)[^&]*/gi

/** A URL as logged: the secret parameters' values replaced by ***. */
export const loggedUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1***')

/** The logger options of a Fastify app serving the API at `level`. */
export function requestLogging(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '***' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: loggedUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  }
}
