import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const TIPS = [
  'Session cookie missing after logging in: open the site on one address (not both localhost and 127.0.0.1) and allow cookies for it.',
  'A Secure cookie is only sent over HTTPS; in production the site must be served over HTTPS.',
  'Behind a load balancer or proxy, set TRUST_PROXY=true so the server sees the original protocol and address.',
  'Not authenticated although the cookie is present: the session has expired or was reset; log in again.',
  'Database disconnected: check DATABASE_URL and that the database server is running.',
];

export function Tips() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tips</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-2 pl-5 text-sm text-muted-foreground">
          {TIPS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
