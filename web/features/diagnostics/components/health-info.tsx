import type { ReactNode } from 'react';
import type { Health } from '@contract/diagnostics';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Flag, InfoList, Section } from './info-list';

type JobLane = NonNullable<Health['jobs']>['short'];

/** A lane of the job queue as an admin reads it: how many wait and run, and since when the oldest waits. */
const laneText = (lane: JobLane) =>
  `${lane.queued} queued, ${lane.running} running${
    lane.oldestQueuedAt ? `; oldest queued ${new Date(lane.oldestQueuedAt).toLocaleString()}` : ''
  }`;

export function HealthInfo({ data }: { data: Health }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Health Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <Section title="Server">
          <InfoList
            items={[
              ['Status', <Flag key="st" on={data.status === 'ok'} yes="OK" no="Error" />],
              ['Version', data.version],
              ['Environment', data.environment],
              ['Database', <Flag key="db" on={data.database.connected} yes="Connected" no="Disconnected" />],
              ['Database message', data.database.message],
              ...(data.writes
                ? ([
                    [
                      "Other instances' writes",
                      <Flag key="wr" on={data.writes.heard} yes="Heard" no="Not heard" />,
                    ],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
        </Section>
        {data.jobs && (
          <Section title="Job queue">
            <InfoList
              items={[
                ['Mail and short jobs', laneText(data.jobs.short)],
                ['Long jobs (tracks, 40 proposals)', laneText(data.jobs.long)],
              ]}
            />
          </Section>
        )}
        <Section title="CORS">
          <InfoList
            items={[
              ['Origin', data.corsSettings.origin],
              ['Methods', data.corsSettings.methods.join(', ')],
              ['Credentials', <Flag key="cr" on={data.corsSettings.credentials} />],
            ]}
          />
        </Section>
        <Section title="Session">
          <InfoList
            items={[
              ['Cookie name', data.session.name],
              ['Secret', <Flag key="se" on={data.session.secret === 'set'} yes="set" no="not set" />],
              ['Trust proxy', <Flag key="tp" on={data.session.trustProxy} />],
              [
                'Cookie',
                `${data.session.cookie.secure ? 'Secure; ' : ''}${data.session.cookie.httpOnly ? 'HttpOnly; ' : ''}SameSite=${data.session.cookie.sameSite}; Path=${data.session.cookie.path}`,
              ],
            ]}
          />
        </Section>
        {data.deploy && (
          <Section title="Deployment">
            <InfoList
              items={[
                ['Deployment', data.deploy.deploymentId ?? '--'],
                ['Revision', data.deploy.revision ?? '--'],
                ['Time', data.deploy.timestamp ?? '--'],
              ]}
            />
          </Section>
        )}
      </CardContent>
    </Card>
  );
}
