import { useParams } from 'react-router';
import { CoachProfileView } from '@/features/coach';

/** Screen: a discoverable player's profile, for a coach. */
export default function CoachPlayerRoute() {
  const { id } = useParams();
  return <CoachProfileView playerId={Number(id)} />;
}
