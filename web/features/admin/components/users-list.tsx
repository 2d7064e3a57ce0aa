import { ROLE_LABELS } from '@contract/admin';
import { Badge } from '@/components/ui/badge';
import { UserActions, type UsersViewProps } from './user-actions';
import { ROLE_BADGE, when } from './users-table';

/** The phone layout of the users table: the same columns, stacked, with the actions in reach. */
export function UsersList({ users, onEdit, onDelete, selfId }: UsersViewProps) {
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
          <UserActions user={u} selfId={selfId} onEdit={onEdit} onDelete={onDelete} fill />
        </li>
      ))}
    </ul>
  );
}
