import { useEffect, useState } from 'react';
import { RotateCcw, UserPlus } from 'lucide-react';
import { SESSION_EXPIRED_TOAST, ROLE_LABELS, type AdminUser } from '@contract/admin';
import { ROLES, type Role } from '@contract/access';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useUser } from '@/features/auth';
import { useAdminUsers, useExpireSession } from '../api/users';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UsersList } from './users-list';
import { UsersTable } from './users-table';

function useDebounced<T>(value: T, ms: number) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function UserManagement() {
  const { user } = useUser();
  const [role, setRole] = useState<Role | 'all'>('all');
  const [verified, setVerified] = useState<'any' | 'true' | 'false'>('any');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [form, setForm] = useState<{ open: boolean; user: AdminUser | null }>({ open: false, user: null });
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const users = useAdminUsers({
    role: role === 'all' ? undefined : role,
    q: q || undefined,
    verified: verified === 'any' ? undefined : verified === 'true',
  });
  const list = users.data?.pages.flatMap((p) => p.data) ?? [];
  const expire = useExpireSession();

  const resetSession = () =>
    expire.mutate(undefined, {
      onSuccess: () => toast({ ...SESSION_EXPIRED_TOAST, duration: 6000 }),
    });

  return (
    <div className="space-y-4">
      <PageHeader
        title="User Management"
        subtitle="Create, edit and remove accounts"
        actions={
          <>
            <Button variant="outline" onClick={resetSession} disabled={expire.isPending}>
              <RotateCcw aria-hidden /> Reset Session (Test)
            </Button>
            <Button onClick={() => setForm({ open: true, user: null })}>
              <UserPlus aria-hidden /> Create User
            </Button>
          </>
        }
      />
      <Card>
        <CardHeader className="flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <div className="flex items-center gap-3">
            <Label htmlFor="role-filter" className="shrink-0">
              Role
            </Label>
            <NativeSelect
              id="role-filter"
              wrapperClassName="max-w-48"
              value={role}
              onChange={(e) => setRole(e.target.value as Role | 'all')}
            >
              <option value="all">All Roles</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex items-center gap-3">
            <Label htmlFor="verified-filter" className="shrink-0">
              Email
            </Label>
            <NativeSelect
              id="verified-filter"
              wrapperClassName="max-w-48"
              value={verified}
              onChange={(e) => setVerified(e.target.value as typeof verified)}
            >
              <option value="any">Verified or not</option>
              <option value="true">Verified</option>
              <option value="false">Unverified</option>
            </NativeSelect>
          </div>
          <div className="flex flex-1 items-center gap-3">
            <Label htmlFor="user-search" className="shrink-0">
              Search
            </Label>
            <Input
              id="user-search"
              type="search"
              placeholder="Email or name"
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </CardHeader>
        <CardContent className="p-0 sm:p-0">
          {users.isPending ? (
            <div className="space-y-2 p-4">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-9 w-full" />
              ))}
            </div>
          ) : users.isError ? (
            <p role="alert" className="p-6 text-center text-destructive">
              Error: {users.error.message}
            </p>
          ) : list.length === 0 ? (
            <p className="p-10 text-center text-muted-foreground">No users found</p>
          ) : (
            <>
              <div className="hidden md:block">
                <UsersTable
                  users={list}
                  onEdit={(u) => setForm({ open: true, user: u })}
                  onDelete={setDeleting}
                  selfId={user?.id}
                />
              </div>
              <div className="md:hidden">
                <UsersList
                  users={list}
                  onEdit={(u) => setForm({ open: true, user: u })}
                  onDelete={setDeleting}
                  selfId={user?.id}
                />
              </div>
              {users.hasNextPage && (
                <div className="border-t p-4 text-center">
                  <Button
                    variant="outline"
                    onClick={() => void users.fetchNextPage()}
                    disabled={users.isFetchingNextPage}
                  >
                    {users.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                </div>
              )}
            </>
          )}
        </CardContent>
      </Card>
      <UserFormDialog
        key={form.user?.id ?? 'new'}
        open={form.open}
        user={form.user}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
