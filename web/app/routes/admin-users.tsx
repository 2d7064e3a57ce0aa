import { useState } from 'react';
import { UserManagement } from '@/features/admin/components/user-management';
import { CoachApplications, useCoachApplications } from '@/features/coach';

/**
 * Screen: admin user management. Coach applications waiting for an admin come first, above the users
 * list (an admin would otherwise scroll past every user to find them); otherwise they sit below it.
 * The place is settled when the applications first load: approving the last one, or working in its
 * 'Athletics domains', does not move the panel away under the admin's hand (and reset it).
 */
export default function AdminUsersRoute() {
  const apps = useCoachApplications().data;
  const [waitingAtLoad, setWaitingAtLoad] = useState<boolean | null>(null);
  if (apps && waitingAtLoad === null) setWaitingAtLoad(apps.some((a) => a.status === 'awaiting-admin'));
  const waiting = waitingAtLoad ?? false;
  return (
    <div className="space-y-6">
      {waiting && <CoachApplications />}
      <UserManagement />
      {!waiting && <CoachApplications />}
    </div>
  );
}
