import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import type { Player, Position } from '@contract/players';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { MeasuredSpeed } from '@/components/measured-speed';
import { formatHeight } from '@/lib/format';
import { PositionToggle, type PositionSlot } from './position-toggle';

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    // A tile beside a taller one keeps its content in the middle, not at the top of an empty box.
    <div className="flex flex-col justify-center rounded-lg border bg-muted/40 p-3 text-center">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
      <p className="mt-1 text-lg font-semibold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** The best Max Speed (with the video that carries its bound, method and receipt) and IGA score of the chosen position. */
interface PlayerHighlights {
  maxSpeed: number | null;
  maxSpeedVideo: {
    maxSpeedPlusMinus?: number | null;
    methodLabel?: string | null;
    analysisRequestId?: number | null;
  } | null;
  igaScore: number | null;
  /** A tile per kind with a best result (decisions 243, 271): its label, value, method and receipt. */
  kindTiles?: { label: string; testId: string; value: string; method: string; receiptPath: string | null }[];
}

/** The highlights come from the analysis feature: the screen that places the card passes them in. */
export function PlayerProfileCard({
  player,
  positions,
  slot,
  onSlotChange,
  highlights,
}: {
  player: Player;
  positions: Position[];
  slot: PositionSlot;
  onSlotChange: (s: PositionSlot) => void;
  highlights: PlayerHighlights;
}) {
  const name = `${player.firstName} ${player.lastName}`;
  const { maxSpeed, maxSpeedVideo, igaScore, kindTiles = [] } = highlights;
  return (
    <Card data-testid="player-profile">
      <CardContent className="flex flex-col items-center gap-4 pt-4 sm:pt-6">
        <PositionToggle player={player} positions={positions} value={slot} onChange={onSlotChange} />
        <InitialsAvatar name={name} src={player.photoUrl} size="xl" className="size-32 text-4xl" />
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight">{name}</h1>
          <p className="mt-1 flex flex-wrap items-center justify-center gap-1.5 text-sm text-muted-foreground">
            <GraduationCap className="size-4" aria-hidden /> {player.school}
            {player.schoolCity && player.schoolState && (
              <span>
                · {player.schoolCity}, {player.schoolState}
              </span>
            )}
            {!player.schoolVerified && (
              <Badge variant="warning" title="Typed by the family; not found in the school directory">
                Unverified school
              </Badge>
            )}
          </p>
          <p className="text-sm text-muted-foreground">Class of {player.graduationYear}</p>
        </div>
        <div className="grid w-full grid-cols-2 gap-3">
          <Stat label="Height" value={formatHeight(player.heightInches)} />
          <Stat label="Weight" value={`${player.weight} lbs`} />
          <Stat
            label="Max Speed"
            testId="highest-max-speed"
            value={
              maxSpeed != null ? (
                <MeasuredSpeed
                  mph={maxSpeed}
                  plusMinus={maxSpeedVideo?.maxSpeedPlusMinus}
                  methodLabel={maxSpeedVideo?.methodLabel}
                  requestId={maxSpeedVideo?.analysisRequestId}
                />
              ) : (
                '--'
              )
            }
          />
          <Stat
            label="IGA Score"
            testId="highest-iga-score"
            value={igaScore != null ? igaScore.toFixed(1) : '--'}
          />
          {kindTiles.map((k) => (
            <div key={k.testId} className="col-span-2">
              <Stat
                label={k.label}
                testId={k.testId}
                value={
                  <span className="grid gap-0.5">
                    <span className="tabular-nums">{k.value}</span>
                    <span className="text-xs font-normal text-muted-foreground">{k.method}</span>
                    {k.receiptPath && (
                      <Link to={k.receiptPath} className="text-xs font-normal text-primary underline">
                        Receipt
                      </Link>
                    )}
                  </span>
                }
              />
            </div>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
