import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Player } from '@contract/players';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/lib/paths';
import { useDeletePlayer } from '../api/delete-player';

const credits = (n: number, kind: string) => `${n} ${kind} credit${n === 1 ? '' : 's'}`;

/** The family deletes a player with everything about them; waiting requests give their credits back. */
export function DeletePlayerDialog({ player }: { player: Player }) {
  const del = useDeletePlayer(player.id);
  const navigate = useNavigate();
  const name = `${player.firstName} ${player.lastName}`;
  const confirm = () =>
    del.mutate(undefined, {
      onSuccess: (r) => {
        const back = [
          r.refunded.credits && credits(r.refunded.credits, 'Max Speed'),
          r.refunded.igaCredits && credits(r.refunded.igaCredits, 'IGA'),
        ]
          .filter(Boolean)
          .join(' and ');
        toast({
          title: 'Player deleted',
          description: back
            ? `${name} was deleted. ${back} returned to your balance.`
            : `${name} was deleted.`,
        });
        void navigate(paths.home);
      },
    });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="w-full text-destructive sm:w-auto">
          <Trash2 aria-hidden /> Delete Player
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            This deletes the player with their photo, videos, analysis results and leaderboard places.
            Requests still waiting for an analyst are cancelled and their credits returned; completed analyses
            are not refunded. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={del.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={del.isPending}
            onClick={(e) => {
              e.preventDefault();
              confirm();
            }}
          >
            {del.isPending ? 'Deleting...' : 'Delete player'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
