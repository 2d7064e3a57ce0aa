import { useState } from 'react';
import { athleticsDomainInputSchema, type AthleticsDomain } from '@contract/coach-domains';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatShortDate } from '@/lib/format';
import { useAddDomain, useCollegeDomains, useRemoveDomain } from '../api/domains';
import { CollegePicker } from './college-picker';
import { RemoveDomainDialog } from './remove-domain-dialog';

type Message = { kind: 'status' | 'alert'; text: string };

const addedOn = (d: AthleticsDomain) =>
  `added ${formatShortDate(d.addedAt)}${d.addedBy ? ` by ${d.addedBy}` : ''}`;

/**
 * Coach applications' 'Athletics domains' (decision 211): a work email at the college's website domain,
 * at one of these, or at a subdomain, verifies a coach by the email link; any other waits for an admin.
 */
export function AthleticsDomains() {
  const [ipedsId, setIpedsId] = useState<number | null>(null);
  return (
    <section aria-labelledby="athletics-domains-title" className="mt-6 space-y-3 border-t pt-4">
      <h3 id="athletics-domains-title" className="font-semibold">
        Athletics domains
      </h3>
      <p className="text-sm text-muted-foreground">
        A coach whose work email is at the college’s website domain or one of its athletics domains (or a
        subdomain of either) is verified by the email link. Any other email waits for your approval.
      </p>
      <div className="grid gap-2">
        <Label htmlFor="athletics-college">College</Label>
        <CollegePicker id="athletics-college" placeholder="Start typing a college" onPick={setIpedsId} />
      </div>
      {ipedsId !== null && <CollegeDomains key={ipedsId} ipedsId={ipedsId} />}
    </section>
  );
}

function CollegeDomains({ ipedsId }: { ipedsId: number }) {
  const college = useCollegeDomains(ipedsId);
  const add = useAddDomain(ipedsId);
  const remove = useRemoveDomain(ipedsId);
  const [domain, setDomain] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [removing, setRemoving] = useState<AthleticsDomain | null>(null);
  if (college.isPending)
    return <p className="text-sm text-muted-foreground">Loading the college’s domains...</p>;
  if (college.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {college.error.message}
      </p>
    );
  const c = college.data;

  const submit = () => {
    const parsed = athleticsDomainInputSchema.safeParse({ domain });
    if (!parsed.success) return setMessage({ kind: 'alert', text: parsed.error.issues[0].message });
    add.mutate(parsed.data.domain, {
      onSuccess: (d) => {
        setDomain('');
        setMessage({
          kind: 'status',
          text: `${d.domain} added. Applications already waiting still need your approval: the list marks those that now match.`,
        });
      },
      onError: (e) => setMessage({ kind: 'alert', text: e.message }),
    });
  };
  const confirmRemove = (d: AthleticsDomain) =>
    remove.mutate(d.id, {
      onSuccess: () => {
        setRemoving(null);
        setMessage({
          kind: 'status',
          text: `${d.domain} removed. New applications there wait for an admin; approved coaches keep their accounts.`,
        });
      },
      onError: (e) => {
        setRemoving(null);
        setMessage({ kind: 'alert', text: e.message });
      },
    });

  return (
    <div className="space-y-3 text-sm" aria-label={`Domains of ${c.name}`} role="group">
      <p>
        <span className="font-medium">{c.name}</span>
        {c.website ? (
          <>
            {' '}
            · website domain <span className="font-medium">{c.website}</span> (always the college’s)
          </>
        ) : (
          ' · no website domain in the directory: every application waits for an admin unless you add one'
        )}
      </p>
      {c.domains.length === 0 ? (
        <p className="text-muted-foreground">No athletics domains added yet.</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {c.domains.map((d) => (
            <li key={d.id} aria-label={d.domain} className="flex items-center gap-2 px-3 py-2">
              {/* One paragraph: on a phone the date wraps under the domain instead of squeezing it. */}
              <p className="min-w-0 flex-1">
                <span className="font-medium wrap-anywhere">{d.domain}</span>{' '}
                <span className="text-muted-foreground">· {addedOn(d)}</span>
              </p>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${d.domain}`}
                onClick={() => setRemoving(d)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField
          label="Add an athletics domain"
          htmlFor="athletics-domain"
          className="min-w-56 flex-1"
          error={message?.kind === 'alert' ? message.text : null}
          description={message?.kind === 'status' ? <span role="status">{message.text}</span> : undefined}
        >
          <Input
            id="athletics-domain"
            value={domain}
            maxLength={253}
            placeholder="gowildcats.com"
            onChange={(e) => {
              setDomain(e.target.value);
              setMessage(null);
            }}
          />
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add domain'}
        </Button>
      </form>
      <RemoveDomainDialog
        domain={removing}
        college={c.name}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
