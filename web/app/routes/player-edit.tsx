import { useNavigate, useParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/use-user';
import { usePlayer } from '@/features/players/api/get-player';
import { useUpdatePlayer } from '@/features/players/api/update-player';
import { PlayerForm } from '@/features/players/components/player-form';
import { playerToForm, withoutContact } from '@/features/players/components/player-form-values';
import { PlayerNotFound } from '@/features/players/components/player-not-found';
import { paths } from '@/lib/paths';

/** Screen: edit a player; Save changes returns to the card. */
export default function PlayerEditRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const player = usePlayer(id);
  const update = useUpdatePlayer(Number(id));
  const { user } = useUser();
  // An admin correcting a family's card never sees the family's contact details (decision 197).
  const contact = !player.data || player.data.userId === user?.id;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Breadcrumb
        items={[
          { label: 'Dashboard', to: paths.home },
          { label: 'Player Card', to: paths.player(id) },
          { label: 'Edit Player' },
        ]}
      />
      <PageHeader
        title="Edit Player"
        subtitle={player.data ? `${player.data.firstName} ${player.data.lastName}` : undefined}
      />
      {player.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : !player.data ? (
        <PlayerNotFound />
      ) : (
        <PlayerForm
          key={`${player.data.id}:${contact}`}
          mode="edit"
          contact={contact}
          defaultValues={contact ? playerToForm(player.data) : withoutContact(playerToForm(player.data))}
          cancelTo={paths.player(id)}
          submitLabel="Save changes"
          pendingLabel="Saving..."
          onSubmit={async (values) => {
            await update.mutateAsync(values);
            void navigate(paths.player(id));
          }}
        />
      )}
    </div>
  );
}
