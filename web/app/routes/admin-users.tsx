import { UserManagement } from '@/features/admin/components/user-management';

/** Screen: admin user management. */
export default function AdminUsersRoute() {
  return <UserManagement />;
}
