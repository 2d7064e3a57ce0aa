import type { Audit } from '@contract/audits';
import { formatSpeed } from '@contract/measurement-math';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/lib/paths';
import { useFlaggedAudits, useResolveAudit } from '../api/audit-admin';

/** Disagreements beyond the combined bounds: the admin confirms one result; the family then sees it. */
export function FlaggedAudits() {
  const q = useFlaggedAudits();
  if (!q.data) return null;
  if (q.data.length === 0) return <p className="text-sm text-muted-foreground">No disagreements waiting.</p>;
  return (
    <ul className="grid gap-3">
      {q.data.map((a) => (
        <FlaggedAudit key={a.id} audit={a} />
      ))}
    </ul>
  );
}

function FlaggedAudit({ audit }: { audit: Audit }) {
  const resolve = useResolveAudit();
  const confirm = (confirmed: 'original' | 'audit') =>
    resolve.mutate(
      { id: audit.id, confirmed },
      {
        onSuccess: () =>
          toast({ title: 'Result confirmed', description: 'The family now sees the confirmed value.' }),
      },
    );
  return (
    <li data-testid="flagged-audit" className="grid gap-2 rounded-md border p-3">
      <p className="font-medium">
        {audit.playerName} · request #{audit.requestId} · difference {audit.difference?.toFixed(1)} mph
        {audit.markDifferences &&
          audit.markDifferences.length > 0 &&
          ` · marks up to ${Math.max(...audit.markDifferences.map((d) => d.frames))} frames apart`}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Result
          title="Original"
          who={audit.original.analystName}
          speed={formatSpeed(audit.original.speed, audit.original.plusMinus)}
          method={audit.original.methodLabel}
        />
        {audit.audit && (
          <Result
            title="Audit (blind)"
            who={audit.audit.analystName}
            speed={formatSpeed(audit.audit.speed, audit.audit.plusMinus)}
            method={audit.audit.methodLabel}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={resolve.isPending}
          onClick={() => confirm('original')}
        >
          Confirm original
        </Button>
        <Button type="button" disabled={resolve.isPending} onClick={() => confirm('audit')}>
          Confirm audit
        </Button>
        <Button asChild variant="ghost">
          <a href={paths.receipt(audit.requestId)}>Open receipt</a>
        </Button>
      </div>
    </li>
  );
}

function Result({
  title,
  who,
  speed,
  method,
}: {
  title: string;
  who: string | null;
  speed: string;
  method: string | null;
}) {
  return (
    <div className="rounded bg-muted/50 p-2 text-sm">
      <p className="text-xs uppercase text-muted-foreground">
        {title}
        {who ? ` · ${who}` : ''}
      </p>
      <p className="text-lg font-semibold">{speed}</p>
      {method && <p className="text-xs text-muted-foreground">{method}</p>}
    </div>
  );
}
