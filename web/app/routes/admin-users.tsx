import { UserManagement } from '@/features/admin/components/user-management';
import { CoachApplications, useCoachApplications } from '@/features/coach';

/**
 * Screen: admin user management. Coach applications waiting for an admin come first, above the users
 * list (an admin would otherwise scroll past every user to find them); otherwise they sit below it.
 */
export default function AdminUsersRoute() {
  const waiting = (useCoachApplications().data ?? []).some((a) => a.status === 'awaiting-admin');
  return (
    <div className="space-y-6">
      {waiting && <CoachApplications />}
      <UserManagement />
      {!waiting && <CoachApplications />}
    </div>
  );
}
