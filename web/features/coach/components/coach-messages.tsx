import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import type { CoachMessage } from '@contract/coach';
import { useAnswerMessage, useCoachMessages } from '../api/family';

function MessageItem({ m }: { m: CoachMessage }) {
  const answer = useAnswerMessage();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const accept = async () => {
    // The schema (and zod) loads when the family accepts, not with the dashboard (decision 234); a second
    // press while it loads sends nothing more.
    if (checking) return;
    setChecking(true);
    const { acceptMessageSchema } = await import('@contract/coach-forms').finally(() => setChecking(false));
    const parsed = acceptMessageSchema.safeParse({ contactEmail: email });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    answer.mutate({ id: m.id, accept: true, contactEmail: parsed.data.contactEmail });
  };
  return (
    <li className="space-y-2 rounded-md border p-3" aria-label={`Message from ${m.coach.name}`}>
      <p className="text-sm font-medium">
        {m.coach.name}, {m.coach.title} at {m.coach.college} · about {m.playerName}
      </p>
      <p className="whitespace-pre-wrap text-sm">{m.message}</p>
      {m.status === 'pending' ? (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            aria-label="Contact email for the coach"
            placeholder="Email the coach may use"
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `contact-error-${m.id}` : undefined}
            className="max-w-64"
          />
          <Button size="sm" disabled={answer.isPending || checking} onClick={() => void accept()}>
            Accept
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: m.id, accept: false })}
          >
            Decline
          </Button>
          {error && (
            <p id={`contact-error-${m.id}`} role="alert" className="w-full text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {m.status === 'accepted' ? `Accepted: the coach sees ${m.contactEmail}` : 'Declined'}
        </p>
      )}
    </li>
  );
}

/** 'Coach messages' on the dashboard: shown once a coach has written. */
export function CoachMessages() {
  const messages = useCoachMessages().data ?? [];
  if (messages.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Coach messages</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {messages.map((m) => (
            <MessageItem key={m.id} m={m} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
