import { useState, type ComponentProps } from 'react';
import { Link, useParams } from 'react-router';
import { Library, Pencil } from 'lucide-react';
import { canProcessRequests, isAdmin } from '@contract/access';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  PendingRequestsBanner,
  PlayerStatsPanel,
  RequestButtons,
  usePlayerHighlights,
  VideoCarousel,
} from '@/features/analysis/components/player-analysis-slots';
import { RequestHistory } from '@/features/analysis/components/request-history';
import { useUser } from '@/features/auth/api/use-user';
import { usePlayer } from '@/features/players/api/get-player';
import { usePositions } from '@/features/players/api/get-positions';
import { DeletePlayerDialog } from '@/features/players/components/delete-player-dialog';
import { PlayerNotFound } from '@/features/players/components/player-not-found';
import { PlayerProfileCard } from '@/features/players/components/player-profile-card';
import type { PositionSlot } from '@/features/players/components/position-toggle';
import { ShareProfileCard } from '@/features/sharing/components/share-profile-card';
import { DiscoveryCard } from '@/features/coach/components/discovery-card';

/** 18 or older by the date of birth; none on file counts as a minor (decision 211). */
const isAdultOn = (dob: string | null | undefined) =>
  Boolean(dob) &&
  new Date(`${dob}T00:00:00Z`).getTime() <=
    Date.UTC(new Date().getUTCFullYear() - 18, new Date().getUTCMonth(), new Date().getUTCDate());
import { paths } from '@/lib/paths';

/** The players feature's card with the analysis feature's highlights of the chosen position. */
function ProfileCard({
  positionId,
  ...props
}: Omit<ComponentProps<typeof PlayerProfileCard>, 'highlights'> & { positionId: number }) {
  const highlights = usePlayerHighlights(props.player.id, positionId);
  return <PlayerProfileCard {...props} highlights={highlights} />;
}

/** Screen: the player card. On small screens the three actions stack. */
export default function PlayerCardRoute() {
  const { id = '' } = useParams();
  const { user } = useUser();
  const player = usePlayer(id);
  const positions = usePositions().data ?? [];
  const [slot, setSlot] = useState<PositionSlot>('primary');

  const crumbs = <Breadcrumb items={[{ label: 'Dashboard', to: paths.home }, { label: 'Player Card' }]} />;
  if (player.isPending)
    return (
      <div className="space-y-4">
        {crumbs}
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      </div>
    );
  if (!player.data)
    return (
      <div className="space-y-4">
        {crumbs}
        <PlayerNotFound />
      </div>
    );

  const p = player.data;
  const positionId =
    slot === 'secondary' && p.secondaryPositionId ? p.secondaryPositionId : p.primaryPositionId;
  const slotProps = { playerId: p.id, positionId, player: p };
  const isOwner = user?.id === p.userId;
  const canEdit = isOwner || isAdmin(user?.role);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {crumbs}
        <div className="flex flex-col gap-2 sm:flex-row">
          {isOwner && <RequestButtons {...slotProps} compact className="w-full sm:w-auto" />}
          {canEdit && (
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <Link to={paths.playerEdit(p.id)}>
                <Pencil aria-hidden /> Edit Player
              </Link>
            </Button>
          )}
          {isOwner && <DeletePlayerDialog player={p} />}
        </div>
      </div>
      <PendingRequestsBanner {...slotProps} />
      {/* Each column as tall as its content: the profile card is not stretched empty beside the stats. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <ProfileCard
          player={p}
          positions={positions}
          slot={slot}
          onSlotChange={setSlot}
          positionId={positionId}
        />
        <div className="min-w-0 lg:col-span-2">
          <PlayerStatsPanel {...slotProps} />
        </div>
      </div>
      {/* Below the fold: rendered once the card and its stats have painted (decision 220). */}
      <AfterFirstPaint>
        {isOwner && <ShareProfileCard playerId={p.id} />}
        {isOwner && <DiscoveryCard playerId={p.id} minor={!isAdultOn(p.dateOfBirth)} />}
        <Card>
          <CardHeader className="flex-row items-center justify-between space-y-0">
            <CardTitle className="text-lg">Videos</CardTitle>
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.playerVideos(p.id)}>
                <Library aria-hidden /> Library
              </Link>
            </Button>
          </CardHeader>
          <CardContent>
            <VideoCarousel {...slotProps} />
          </CardContent>
        </Card>
        {(isOwner || canProcessRequests(user?.role)) && <RequestHistory playerId={p.id} />}
      </AfterFirstPaint>
    </div>
  );
}
