// Fields that must never reach a log line.
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'body.password',
  'body.token',
];

// sig: a signed video URL is a bearer credential; referralCode: a code reveals the invitee and gives the discount.
const SECRET_PARAMS = /([?&](?:token|password|code|referralCode|session_id|sig)=)[^&#]*/gi;
// Capabilities carried in the path: a referral code, a test-mode checkout session id.
const SECRET_SEGMENTS = /^(\/api\/referrals\/|(?:\/api)?\/checkout\/test\/)(?!send(?:[/?#]|$))[^/?#]+/i;

/** Emailed links carry tokens in the query string; the access log keeps the path and drops their values. */
function redactUrl(url: string) {
  return url.replace(SECRET_SEGMENTS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function requestSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
