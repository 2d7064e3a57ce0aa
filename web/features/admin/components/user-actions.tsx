import { Pencil, Trash2 } from 'lucide-react';
import type { AdminUser } from '@contract/admin';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** What the users table and its phone layout take. */
export interface UsersViewProps {
  users: AdminUser[];
  onEdit: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
  /** The signed-in admin: the server refuses to delete this account (409), so no Delete is offered. */
  selfId: number | undefined;
}

/** In place of Delete on the admin's own row: the server refuses it, so say why instead of offering it. */
export function SelfDeleteNote({ className }: { className?: string }) {
  return (
    <span
      className={cn('self-center text-xs text-muted-foreground', className)}
      data-testid="self-delete-note"
    >
      You cannot delete your own account here
    </span>
  );
}

/** Edit and Delete of one user: side by side at the row's end, or sharing the width on a phone. */
export function UserActions({
  user,
  selfId,
  onEdit,
  onDelete,
  fill = false,
}: Omit<UsersViewProps, 'users'> & { user: AdminUser; fill?: boolean }) {
  return (
    <div className={cn('flex', fill ? 'gap-2' : 'justify-end gap-1')}>
      <Button
        size="sm"
        variant="outline"
        className={cn(fill && 'flex-1')}
        onClick={() => onEdit(user)}
        aria-label={`Edit ${user.username}`}
      >
        <Pencil aria-hidden /> Edit
      </Button>
      {user.id === selfId ? (
        <SelfDeleteNote
          className={fill ? 'flex-1 text-center' : 'w-36 whitespace-normal text-left leading-tight'}
        />
      ) : (
        <Button
          size="sm"
          variant="outline"
          className={cn('text-destructive hover:text-destructive', fill && 'flex-1')}
          onClick={() => onDelete(user)}
          aria-label={`Delete ${user.username}`}
        >
          <Trash2 aria-hidden /> Delete
        </Button>
      )}
    </div>
  );
}
