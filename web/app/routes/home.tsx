import { useEffect } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toaster';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { usePlayerPages } from '@/features/players/api/get-players';
import { PlayerGrid, PlayerGridEmpty, PlayerGridSkeleton } from '@/features/players/components/player-grid';
import { ReferFriendDialog } from '@/features/referrals/components/refer-friend-dialog';
import { paths } from '@/lib/paths';

/** Screen: the dashboard's player list. */
export default function HomeRoute() {
  const players = usePlayerPages();
  const list = players.data?.pages.flatMap((p) => p.data);
  useEffect(() => {
    if (players.error) toast({ title: 'Error', description: players.error.message, variant: 'destructive' });
  }, [players.error]);

  return (
    <div>
      <PageHeader
        title="My Players"
        subtitle="Verified Max Speed and IGA Score for every athlete you manage"
        actions={
          <>
            <ReferFriendDialog />
            <Button asChild>
              <Link to={paths.playerNew}>
                <Plus aria-hidden /> Add player
              </Link>
            </Button>
          </>
        }
      />
      {players.isPending ? (
        <PlayerGridSkeleton />
      ) : list && list.length > 0 ? (
        <>
          <PlayerGrid players={list} />
          <div className="mt-6 flex justify-center">
            <LoadMoreButton query={players} />
          </div>
        </>
      ) : list ? (
        <PlayerGridEmpty />
      ) : null}
    </div>
  );
}
