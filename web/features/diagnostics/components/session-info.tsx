import type { SessionDebug } from '@contract/diagnostics';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Flag, InfoList, Section } from './info-list';

const days = (ms: number) => `${Math.round(ms / 86_400_000)} days`;

export function SessionInfo({ data }: { data: SessionDebug }) {
  const c = data.sessionConfig;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Session Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <Section title="Authentication">
          <InfoList
            items={[
              ['Status', <Flag key="a" on={data.authenticated} yes="Authenticated" no="Not authenticated" />],
              ['Session ID', data.sessionID ?? 'None'],
              ['Environment', data.environment],
            ]}
          />
        </Section>
        <Section title="Cookies">
          <InfoList
            items={[
              ['Cookies received', data.cookiesReceived],
              ['Has cookies', <Flag key="h" on={data.hasCookies} />],
              ['Session cookie present', <Flag key="s" on={data.sessionCookiePresent} />],
              ['Cookie names', data.cookieNames.length ? data.cookieNames.join(', ') : 'None'],
            ]}
          />
        </Section>
        <Section title="Session configuration">
          <InfoList
            items={[
              ['Cookie name', c.name],
              ['Secure', <Flag key="sec" on={c.secure} />],
              ['SameSite', c.sameSite],
              ['Domain', c.domain ?? 'This host'],
              ['HttpOnly', <Flag key="ho" on={c.httpOnly} />],
              ['Max age', days(c.maxAge)],
            ]}
          />
        </Section>
        <Section title="Server configuration">
          <InfoList
            items={[
              ['Trust proxy', <Flag key="tp" on={data.expressConfig.trustProxy} />],
              ['Environment', data.expressConfig.environment],
            ]}
          />
        </Section>
        <Section title="Request headers">
          <InfoList items={Object.entries(data.headers).map(([k, v]) => [k, v])} />
        </Section>
      </CardContent>
    </Card>
  );
}
