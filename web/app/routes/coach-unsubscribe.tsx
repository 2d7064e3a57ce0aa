import { PageHeader } from '@/components/ui/page-header';
import { CoachUnsubscribe } from '@/features/coach/components/coach-unsubscribe';

/** Screen: the saved-search mail's unsubscribe link, signed in or out (issue 29, decision 211). */
export default function CoachUnsubscribeRoute() {
  return (
    <div className="mx-auto max-w-lg p-6">
      <PageHeader title="Weekly saved-search emails" />
      <CoachUnsubscribe />
    </div>
  );
}
