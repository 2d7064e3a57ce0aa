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
 * Coach applications' 'Athletics domains' (decisions 211, 238): a work email at one of these (a subdomain
 * only where ticked) approves a coach once verified; any other waits for an admin. The college's website
 * domain is only a hint: its students and alumni have addresses there too.
 */
export function AthleticsDomains() {
  const [ipedsId, setIpedsId] = useState<number | null>(null);
  return (
    <section aria-labelledby="athletics-domains-title" className="mt-6 space-y-3 border-t pt-4">
      <h3 id="athletics-domains-title" className="font-semibold">
        Athletics domains
      </h3>
      <p className="text-sm text-muted-foreground">
        A coach whose work email is at one of the college’s athletics domains is approved once the address is
        verified (a subdomain only where you tick it). Any other email waits for your approval, the college’s
        website domain too: its students and alumni have addresses there.
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
  const [includeSubdomains, setIncludeSubdomains] = useState(false);
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
    const parsed = athleticsDomainInputSchema.safeParse({ domain, includeSubdomains });
    if (!parsed.success) return setMessage({ kind: 'alert', text: parsed.error.issues[0].message });
    add.mutate(parsed.data, {
      onSuccess: (d) => {
        setDomain('');
        setIncludeSubdomains(false);
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
          text: `${d.domain} removed. The coaches it approved wait for an admin again and were told by email; new applications there wait for an admin.`,
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
            · website domain <span className="font-medium">{c.website}</span> (a hint only: approves nobody)
          </>
        ) : (
          ' · no website domain in the directory'
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
                <span className="text-muted-foreground">
                  {d.includeSubdomains ? '· and its subdomains ' : ''}· {addedOn(d)}
                </span>
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
        <label className="flex basis-full items-center gap-2">
          <input
            type="checkbox"
            checked={includeSubdomains}
            onChange={(e) => setIncludeSubdomains(e.target.checked)}
          />
          Addresses at its subdomains too (e.g. media.gowildcats.com)
        </label>
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
