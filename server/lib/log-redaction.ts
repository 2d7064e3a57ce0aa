// Secrets never reach a log line: the request, the answer and a body are logged only through the
// serializers below, which name the fields they keep (no headers, so no cookie, authorization or
// stripe-signature; no set-cookie; no password or token). pino's `redact` did this by path on every line,
// at a cost on each request's access line (decision 235).

// sig: a signed video URL is a bearer credential; referralCode: a code reveals the invitee and gives the discount.
const SECRET_PARAMS = /([?&](?:token|password|code|referralCode|session_id|sig)=)[^&#]*/gi;
// Capabilities carried in the path: a referral code, a test-mode checkout session id.
const SECRET_SEGMENTS = /^(\/api\/referrals\/|(?:\/api)?\/checkout\/test\/)(?!send(?:[/?#]|$))[^/?#]+/i;

/** Emailed links carry tokens in the query string; the access log keeps the path and drops their values. */
function redactUrl(url: string) {
  const path = url.replace(SECRET_SEGMENTS, '$1[redacted]');
  return path.includes('=') ? path.replace(SECRET_PARAMS, '$1[redacted]') : path;
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

/** The answer as logged: its status only (Fastify's own, restated: no headers, so no set-cookie). */
export function responseSerializer(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}

const SECRET_BODY_FIELDS = new Set(['password', 'token']);

/** A request body as logged (none is logged today): its fields but a password or token. */
export function bodySerializer(body: unknown) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[k] = SECRET_BODY_FIELDS.has(k) ? '[Redacted]' : v;
  return out;
}

/** The logger's serializers: every field a secret could reach a log line by. */
export const LOG_SERIALIZERS = { req: requestSerializer, res: responseSerializer, body: bodySerializer };
