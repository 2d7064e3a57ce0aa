import { useState } from 'react';
import { kindOfResultField } from '@contract/analysis-kinds';
import { CONNECT_MESSAGE_MAX, type CoachProfile } from '@contract/coach';
import { contactOpensText } from '@contract/coach-calendar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useCoachProfile } from '../api/coach-queries';
import { useConnect, useUnwatch, useWatch } from '../api/coach-mutations';
import { CONNECTION_TEXT } from './connection-text';

/** Each percentile under its own number, as the public page places it (the text does not name the metric). */
function Percentile({ of, metric }: { of: CoachProfile['percentiles']; metric: string }) {
  return of
    .filter((x) => x.metric === metric)
    .map((x) => (
      <p key={x.metric} className="text-muted-foreground">
        {x.text}
      </p>
    ));
}

/** A discoverable player's profile as the public page shows it, with watch and 'Ask to connect'. */
/** The reason 'Ask to connect' gives when pressed without a message (issue 52 item 9). */
const CONNECT_MESSAGE_MISSING = 'Write a message to the family first: say who you are and why you ask.';

export function CoachProfileView({ playerId }: { playerId: number }) {
  const { data: p, error } = useCoachProfile(playerId);
  const watch = useWatch();
  const unwatch = useUnwatch();
  const connect = useConnect(playerId);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [noMessage, setNoMessage] = useState(false);
  if (error) return <p role="alert">{error.message}</p>;
  if (!p) return null;
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>{p.name}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          {p.photoUrl && <img src={p.photoUrl} alt={p.name} className="size-24 rounded-lg object-cover" />}
          <p>
            {[p.classYear && `Class of ${p.classYear}`, p.positions?.join(', '), p.school, p.level]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {p.contactOpensOn && <p className="font-medium">{contactOpensText(p.contactOpensOn)}</p>}
          {p.height && (
            <p>
              Height {p.height}
              {p.weight ? ` · ${p.weight} lb` : ''}
            </p>
          )}
          {p.maxSpeed && (
            <div>
              <p>
                Verified Max Speed: {p.maxSpeed.text}{' '}
                {p.maxSpeed.receiptPath && (
                  <a href={p.maxSpeed.receiptPath} target="_blank" rel="noreferrer" className="underline">
                    Receipt
                  </a>
                )}
              </p>
              <Percentile of={p.percentiles} metric={kindOfResultField('maxSpeed').leaderboardMetric} />
            </div>
          )}
          {/* Each kind kept in kind_receipts, by its registry label and formatter (decisions 243, 271), with its
              receipt and its own facts in words; a kind's older field in the answer is not shown a second time. */}
          {p.kindResults.map((k) => (
            <div key={k.kind}>
              <p>
                {k.label}: {k.text}{' '}
                {k.receiptPath && (
                  <a
                    href={k.receiptPath}
                    target="_blank"
                    rel="noreferrer"
                    className="underline"
                    aria-label={`Receipt of the ${k.label}`}
                  >
                    Receipt
                  </a>
                )}
              </p>
              {k.detail && <p className="text-muted-foreground">{k.detail}</p>}
            </div>
          ))}
          {p.iga && (
            <div>
              <p>
                IGA Score: {p.iga.score}{' '}
                {p.igaReceiptUrl && (
                  <a href={p.igaReceiptUrl} target="_blank" rel="noreferrer" className="underline">
                    Receipt
                  </a>
                )}
              </p>
              <Percentile of={p.percentiles} metric={kindOfResultField('igaScore').leaderboardMetric} />
            </div>
          )}
          {p.hudlUrl && (
            <a href={p.hudlUrl} target="_blank" rel="noreferrer" className="underline">
              Hudl
            </a>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Watch list and contact</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          {p.watched ? (
            <Button variant="outline" onClick={() => unwatch.mutate(playerId)}>
              Remove from watch list
            </Button>
          ) : (
            <div className="flex gap-2">
              <Input
                aria-label="Private note"
                placeholder="Private note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              <Button onClick={() => watch.mutate({ playerId, note })}>Add to watch list</Button>
            </div>
          )}
          {p.connection ? (
            <p className="text-sm">
              Request to connect:{' '}
              {p.connection === 'accepted'
                ? 'accepted, the email the family gave is in your watch list'
                : CONNECTION_TEXT[p.connection](null)}
            </p>
          ) : p.contactOpensOn ? (
            <p className="text-sm" role="note">
              {contactOpensText(p.contactOpensOn)}: NCAA D1 and D2 coaches may ask to connect from June 15
              after a player’s sophomore year.
            </p>
          ) : (
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                // Enabled without a message: a keyboard user reaches it and hears why (issue 52 item 9).
                if (!message.trim()) return setNoMessage(true);
                connect.mutate(message, { onSuccess: () => toast({ title: 'Request sent to the family' }) });
              }}
            >
              <Textarea
                aria-label="Message to the family"
                aria-invalid={noMessage || undefined}
                aria-describedby="connect-missing"
                maxLength={CONNECT_MESSAGE_MAX}
                value={message}
                onChange={(e) => {
                  setMessage(e.target.value);
                  if (e.target.value.trim()) setNoMessage(false);
                }}
              />
              <Button type="submit" disabled={connect.isPending} aria-describedby="connect-missing">
                Ask to connect
              </Button>
              <p id="connect-missing" aria-live="polite" className="text-sm text-destructive empty:hidden">
                {noMessage ? CONNECT_MESSAGE_MISSING : ''}
              </p>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
