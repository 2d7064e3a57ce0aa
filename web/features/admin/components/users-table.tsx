import { ROLE_LABELS } from '@contract/admin';
import { dateFormat } from '@contract/date-format';
import { Badge } from '@/components/ui/badge';
import { UserActions, type UsersViewProps } from './user-actions';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const dateTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
export const when = (iso: string | null) => (iso ? dateTime(iso) : 'Never');
const day = dateFormat({ dateStyle: 'medium' });
const time = dateFormat({ timeStyle: 'short' });

/** A login time in the table: the day, and the time under it, so the row keeps its Actions in view. */
function When({ iso }: { iso: string | null }) {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return (
    <time dateTime={iso} title={dateTime(d)}>
      <span className="block">{day(d)}</span>
      <span className="block text-xs text-muted-foreground">{time(d)}</span>
    </time>
  );
}
export const ROLE_BADGE = {
  admin: 'default',
  analyst: 'secondary',
  user: 'outline',
  coach: 'secondary',
} as const;

export function UsersTable({ users, onEdit, onDelete, selfId }: UsersViewProps) {
  return (
    <Table className="whitespace-nowrap">
      <TableHeader>
        <TableRow>
          <TableHead>Username</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Verified</TableHead>
          <TableHead className="text-right">Login Count</TableHead>
          <TableHead>Last Login</TableHead>
          <TableHead>First Login</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((u) => (
          <TableRow key={u.id} data-testid="user-row">
            {/* A long address is cut short (whole on hover) rather than pushing Actions out of view. */}
            <TableCell className="max-w-60 truncate font-medium" title={u.username}>
              {u.username}
            </TableCell>
            <TableCell className="max-w-60 truncate" title={u.email}>
              {u.email}
            </TableCell>
            <TableCell>
              <Badge variant={ROLE_BADGE[u.role]}>{ROLE_LABELS[u.role]}</Badge>
            </TableCell>
            <TableCell>
              <Badge variant={u.isEmailVerified ? 'success' : 'muted'}>
                {u.isEmailVerified ? 'Yes' : 'No'}
              </Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">{u.loginCount}</TableCell>
            <TableCell>
              <When iso={u.lastLoginAt} />
            </TableCell>
            <TableCell>
              <When iso={u.firstLoginAt} />
            </TableCell>
            <TableCell className="text-right">
              <UserActions user={u} selfId={selfId} onEdit={onEdit} onDelete={onDelete} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
