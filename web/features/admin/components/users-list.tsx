import { Pencil, Trash2 } from 'lucide-react';
import { ROLE_LABELS, type AdminUser } from '@contract/admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ROLE_BADGE, SelfDeleteNote, when } from './users-table';

/** The phone layout of the users table: the same columns, stacked, with the actions in reach. */
export function UsersList({
  users,
  onEdit,
  onDelete,
  selfId,
}: {
  users: AdminUser[];
  onEdit: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
  /** The signed-in admin: the server refuses to delete this account (409), so no Delete is offered. */
  selfId: number | undefined;
}) {
  return (
    <ul className="divide-y">
      {users.map((u) => (
        <li key={u.id} data-testid="user-item" className="space-y-2 px-4 py-3">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{u.username}</p>
              <p className="truncate text-sm text-muted-foreground">{u.email}</p>
            </div>
            <div className="flex shrink-0 gap-1">
              <Badge variant={ROLE_BADGE[u.role]}>{ROLE_LABELS[u.role]}</Badge>
              <Badge variant={u.isEmailVerified ? 'success' : 'muted'}>
                {u.isEmailVerified ? 'Verified' : 'Unverified'}
              </Badge>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-xs">
            <div>
              <dt className="text-muted-foreground">Login Count</dt>
              <dd>{u.loginCount}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Last Login</dt>
              <dd>{when(u.lastLoginAt)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">First Login</dt>
              <dd>{when(u.firstLoginAt)}</dd>
            </div>
          </dl>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              className="flex-1"
              onClick={() => onEdit(u)}
              aria-label={`Edit ${u.username}`}
            >
              <Pencil aria-hidden /> Edit
            </Button>
            {u.id === selfId ? (
              <SelfDeleteNote className="flex-1 text-center" />
            ) : (
              <Button
                size="sm"
                variant="outline"
                className="flex-1 text-destructive hover:text-destructive"
                onClick={() => onDelete(u)}
                aria-label={`Delete ${u.username}`}
              >
                <Trash2 aria-hidden /> Delete
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
