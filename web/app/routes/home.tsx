import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { isCoach } from '@contract/access';
import { useUser } from '@/features/auth/api/use-user';
import { CoachMessages } from '@/features/coach/components/coach-messages';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toaster';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { usePlayerPages } from '@/features/players/api/get-players';
import { PlayerGrid, PlayerGridEmpty, PlayerGridSkeleton } from '@/features/players/components/player-grid';
import { ReferFriendDialog } from '@/features/referrals/components/refer-friend-dialog';
import { paths } from '@/lib/paths';

/** Screen: the dashboard's player list; a coach's home is the search (decision 211). */
export default function HomeRoute() {
  const { user } = useUser();
  if (isCoach(user?.role)) return <Navigate to={paths.coachSearch} replace />;
  return <FamilyHome />;
}

function FamilyHome() {
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
      <div className="mb-6">
        <CoachMessages />
      </div>
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
