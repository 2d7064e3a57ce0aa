import { Link } from 'react-router';
import { UserPlus } from 'lucide-react';
import { formatSpeed } from '@contract/measurement-math';
import type { PlayerBest } from '@contract/player-bests';
import type { Player } from '@contract/players';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { formatHeight } from '@/lib/format';
import { paths } from '@/lib/paths';
import { usePlayerBests } from '../api/get-player-bests';

const speedText = (b: PlayerBest | undefined) =>
  b?.maxSpeed == null ? null : formatSpeed(b.maxSpeed, b.maxSpeedPlusMinus);

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export function PlayerGridSkeleton() {
  return (
    <div className={GRID} aria-busy="true" aria-label="Loading players">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} data-testid="player-skeleton" className="flex flex-col items-center gap-3 p-6">
          <Skeleton className="size-24 rounded-full" />
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-28" />
        </Card>
      ))}
    </div>
  );
}

export function PlayerGridEmpty() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <UserPlus className="size-6 text-muted-foreground" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">No players</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        To get verified Speed and Athleticism, add a player
      </p>
      <Button asChild className="mt-2">
        <Link to={paths.playerNew}>Add player</Link>
      </Button>
    </Card>
  );
}

function Best({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div className="rounded-md bg-muted/60 px-2 py-1.5">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="font-semibold" data-testid={testId}>
        {value ?? '--'}
      </p>
    </div>
  );
}

export function PlayerGrid({ players }: { players: Player[] }) {
  const bests = new Map((usePlayerBests().data ?? []).map((b) => [b.playerId, b]));
  return (
    <ul className={GRID} aria-label="Players">
      {players.map((p) => {
        const name = `${p.firstName} ${p.lastName}`;
        return (
          <li key={p.id}>
            <Link
              to={paths.player(p.id)}
              className="block h-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Card className="flex h-full flex-col items-center gap-2 p-6 text-center transition-shadow hover:shadow-md">
                <InitialsAvatar name={name} src={p.photoUrl} size="xl" className="size-24 text-3xl" />
                <h3 className="mt-1 text-lg font-semibold leading-tight">{name}</h3>
                <p className="text-sm text-muted-foreground">{p.level}</p>
                <p className="text-sm">
                  <span>{formatHeight(p.heightInches)}</span>
                  <span className="mx-2 text-muted-foreground" aria-hidden>
                    ·
                  </span>
                  <span>{p.weight} lbs</span>
                </p>
                <div className="mt-2 grid w-full grid-cols-2 gap-2 text-sm">
                  <Best label="Max Speed" testId="card-max-speed" value={speedText(bests.get(p.id))} />
                  <Best
                    label="IGA Score"
                    testId="card-iga-score"
                    value={bests.get(p.id)?.igaScore?.toFixed(1) ?? null}
                  />
                </div>
              </Card>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
