import { PageHeader } from '@/components/ui/page-header';
import { CoachSearch } from '@/features/coach';

/** Screen: the coach search (issue 29). */
export default function CoachSearchRoute() {
  return (
    <div>
      <PageHeader
        title="Search verified players"
        subtitle="Only verified numbers, only families who opted in"
      />
      <CoachSearch />
    </div>
  );
}
