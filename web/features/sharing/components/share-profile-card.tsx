import { Copy, Download, ExternalLink, RefreshCw } from 'lucide-react';
import { NEW_LINK_LABEL, SHARE_SWITCH_LABEL } from '@contract/sharing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { PERCENTILE_METRIC_LABELS, PERCENTILE_MIN_GROUP } from '@contract/percentiles';
import { usePlayerPercentiles } from '../api/get-percentiles';
import { useShare } from '../api/get-share';
import { useNewShareLink, useUpdateShare } from '../api/update-share';
import { ShareChecklist } from './share-checklist';
import { ShareSwitch } from './share-switch';

/** The family's control over the public verified profile of one player (owner only). */
export function ShareProfileCard({ playerId }: { playerId: number }) {
  const share = useShare(playerId);
  const percentiles = usePlayerPercentiles(playerId).data ?? [];
  const update = useUpdateShare(playerId);
  const renew = useNewShareLink(playerId);
  const s = share.data;
  if (!s) return null;
  const busy = update.isPending || renew.isPending;
  const copy = async () => {
    await navigator.clipboard?.writeText(s.url ?? '').catch(() => undefined);
    toast({ title: 'Link copied' });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Public verified profile</CardTitle>
        <CardDescription>
          A page a coach can open without an account: the verified numbers, their receipts and what you tick
          below. While it is on, other families also see the player&apos;s name, city and county on the
          leaderboard; while it is off, they see its rank instead, such as &lsquo;Player #3&rsquo;.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ShareSwitch
          label={SHARE_SWITCH_LABEL}
          checked={s.enabled}
          disabled={busy}
          onChange={(enabled) => update.mutate({ enabled })}
        />
        {s.enabled && s.url && s.links ? (
          <div className="space-y-3">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                readOnly
                value={s.url}
                aria-label="Public link"
                className="font-mono text-xs"
                onFocus={(e) => e.target.select()}
              />
              <div className="flex gap-2">
                <Button type="button" variant="outline" onClick={copy}>
                  <Copy aria-hidden /> Copy
                </Button>
                <Button asChild variant="outline">
                  <a href={s.path!} target="_blank" rel="noreferrer">
                    <ExternalLink aria-hidden /> Open
                  </a>
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy}
                  onClick={() =>
                    renew.mutate(undefined, {
                      onSuccess: () =>
                        toast({ title: 'New link made', description: 'The old link no longer works.' }),
                    })
                  }
                >
                  <RefreshCw aria-hidden /> {NEW_LINK_LABEL}
                </Button>
              </div>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="share-views">
              Opened {s.viewCount} {s.viewCount === 1 ? 'time' : 'times'}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm" variant="secondary">
                <a href={s.links.pdf} target="_blank" rel="noreferrer">
                  <Download aria-hidden /> Recruiting sheet (PDF)
                </a>
              </Button>
              <Button asChild size="sm" variant="secondary">
                <a href={s.links.qrPng} download>
                  <Download aria-hidden /> QR code (PNG)
                </a>
              </Button>
              <Button asChild size="sm" variant="secondary">
                <a href={s.links.qrSvg} download>
                  <Download aria-hidden /> QR code (SVG)
                </a>
              </Button>
              <Button asChild size="sm" variant="secondary">
                <a href={s.links.image} target="_blank" rel="noreferrer">
                  <Download aria-hidden /> Share image
                </a>
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Off: nothing about this player is public.</p>
        )}
        <div className="space-y-1" data-testid="player-percentiles">
          <p className="text-sm font-medium">Percentiles against the verified population</p>
          {percentiles.length === 0 && (
            <p className="text-sm text-muted-foreground">
              None yet: a percentile shows once at least {PERCENTILE_MIN_GROUP} verified players are in the
              group.
            </p>
          )}
          {percentiles.map((p) => (
            <p key={p.metric} className="text-sm">
              {PERCENTILE_METRIC_LABELS[p.metric]}: {p.text}
            </p>
          ))}
        </div>
        <ShareChecklist
          show={s.show}
          disabled={busy}
          onChange={(f, v) => update.mutate({ show: { [f]: v } })}
        />
      </CardContent>
    </Card>
  );
}
