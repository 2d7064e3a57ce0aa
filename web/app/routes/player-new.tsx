import { useNavigate } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { useCreatePlayer } from '@/features/players/api/create-player';
import { PlayerForm } from '@/features/players/components/player-form';
import { emptyPlayerForm } from '@/features/players/components/player-form-values';
import { paths } from '@/lib/paths';

/** Screen: add a player; after creation the new player's card opens. */
export default function PlayerNewRoute() {
  const navigate = useNavigate();
  const create = useCreatePlayer();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Breadcrumb items={[{ label: 'Dashboard', to: paths.home }, { label: 'Add player' }]} />
      <PageHeader
        title="Add player"
        subtitle="Create a profile to request verified Max Speed and IGA Score."
      />
      <PlayerForm
        mode="add"
        defaultValues={emptyPlayerForm()}
        cancelTo={paths.home}
        submitLabel="Add player"
        pendingLabel="Adding..."
        onSubmit={async (values) => {
          const player = await create.mutateAsync(values);
          void navigate(paths.player(player.id));
        }}
      />
    </div>
  );
}
