import { UserManagement } from '@/features/admin/components/user-management';
import { CoachApplications } from '@/features/coach';

/** Screen: admin user management. */
export default function AdminUsersRoute() {
  return (
    <div className="space-y-6">
      <UserManagement />
      <CoachApplications />
    </div>
  );
}
