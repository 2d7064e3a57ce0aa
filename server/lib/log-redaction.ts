// Fields that must never reach a log line.
export const REDACT_PATHS = [
  'req.headers.cookie', 'req.headers.authorization', 'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]', 'body.password', 'body.token',
];

const SECRET_PARAMS = /([?&](?:token|password|code|session_id)=)[^&#]*/gi;

/** Emailed links carry tokens in the query string; the access log keeps the path and drops their values. */
export function redactUrl(url: string) {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function requestSerializer(req: LoggedRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
