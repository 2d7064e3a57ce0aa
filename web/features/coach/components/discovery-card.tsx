import { useState } from 'react';
import { COACH_SWITCH_LABEL, COACH_SWITCH_NEEDS_NUMBER, GUARDIAN_CONFIRM_LABEL } from '@contract/coach';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatResultDate } from '@contract/result-date';
import { useCoachViews, useDiscovery, useSetDiscovery } from '../api/family';

/** One line per college and day (newest first, as the answer is ordered): 'Abilene Christian University · Nov 26, 2026'. */
function byCollegeAndDay(views: { college: string; viewedAt: string }[]) {
  const lines = new Map<string, { college: string; day: string; times: number }>();
  for (const v of views) {
    const day = formatResultDate(v.viewedAt);
    const line = lines.get(`${v.college}|${day}`);
    if (line) line.times++;
    else lines.set(`${v.college}|${day}`, { college: v.college, day, times: 1 });
  }
  return [...lines.values()];
}

/** The family's switch 'Let verified college coaches find this player', and who viewed (owner only). */
export function DiscoveryCard({ playerId, minor }: { playerId: number; minor: boolean }) {
  const discovery = useDiscovery(playerId);
  const views = useCoachViews(playerId).data ?? [];
  const set = useSetDiscovery(playerId);
  const [guardian, setGuardian] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = discovery.data?.enabled ?? false;
  const toggle = async () => {
    setError(null);
    try {
      await set.mutateAsync({ enabled: !enabled, guardianConfirmed: guardian });
      toast({
        title: enabled
          ? 'Coaches can no longer find this player'
          : 'Verified college coaches can now find this player',
      });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not change the setting');
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">College coaches</CardTitle>
        <CardDescription>{COACH_SWITCH_NEEDS_NUMBER}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <label className="flex cursor-pointer items-center gap-3 font-medium">
          <button
            type="button"
            role="switch"
            aria-checked={enabled}
            aria-label={COACH_SWITCH_LABEL}
            disabled={set.isPending || !discovery.data}
            onClick={() => void toggle()}
            className={cn(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-50',
              enabled ? 'bg-[var(--color-primary)]' : 'bg-muted-foreground/30',
            )}
          >
            <span
              className={cn(
                'inline-block size-5 rounded-full bg-white shadow transition-transform',
                enabled ? 'translate-x-5' : 'translate-x-0.5',
              )}
            />
          </button>
          <span aria-hidden>{COACH_SWITCH_LABEL}</span>
        </label>
        {minor && !enabled && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={guardian} onChange={(e) => setGuardian(e.target.checked)} />
            {GUARDIAN_CONFIRM_LABEL}
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <h3 className="text-sm font-semibold">Coaches who viewed</h3>
          {views.length === 0 ? (
            <p className="text-sm text-muted-foreground">No college has opened this profile yet.</p>
          ) : (
            <ul className="text-sm">
              {byCollegeAndDay(views).map((v) => (
                <li key={`${v.college}-${v.day}`}>
                  {v.college} · {v.day}
                  {v.times > 1 ? ` · ${v.times} views` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
