import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminCreateUserSchema,
  adminUserFormSchema,
  ASSIGNABLE_ROLES,
  ROLE_LABELS,
  type AdminUser,
} from '@contract/admin';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toaster';
import { useCreateUser, useUpdateUser } from '../api/users';

const editSchema = adminUserFormSchema.omit({ password: true });
type FormValues = {
  email: string;
  username: string;
  role: (typeof ASSIGNABLE_ROLES)[number];
  password?: string;
};
const EMPTY: FormValues = { email: '', username: '', role: 'user', password: '' };

/** Create (with a password) or edit (email, username, role) one user. */
export function UserFormDialog({
  open,
  user,
  onOpenChange,
}: {
  open: boolean;
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const isEdit = user !== null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const { register, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(isEdit ? editSchema : adminCreateUserSchema) as never,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    // A coach's role comes from an application, not this form (decision 211): the form refuses to keep it.
    if (open) reset(user ? { email: user.email, username: user.username, role: user.role as 'user' } : EMPTY);
  }, [open, user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (isEdit) {
        await update.mutateAsync({
          id: user.id,
          email: values.email,
          username: values.username,
          role: values.role,
        });
        toast({ title: 'Success', description: 'User updated successfully' });
      } else {
        await create.mutateAsync({
          email: values.email,
          username: values.username,
          role: values.role,
          password: values.password ?? '',
        });
        toast({ title: 'Success', description: 'User created successfully' });
      }
      onOpenChange(false);
    } catch {
      // Toasted by the query client's MutationCache.
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit User' : 'Create User'}</DialogTitle>
          <DialogDescription>
            {isEdit
              ? 'Change the email, username or role of this account.'
              : 'The account is ready to sign in with this password.'}
          </DialogDescription>
        </DialogHeader>
        <form id="user-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Email" htmlFor="user-email" error={errors.email?.message}>
            <Input id="user-email" type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField
            label="Username"
            htmlFor="user-username"
            error={errors.username?.message}
            description="Used to sign in: an email address, usually the same as Email."
          >
            <Input id="user-username" autoComplete="off" {...register('username')} />
          </FormField>
          <FormField label="Role" htmlFor="user-role" error={errors.role?.message}>
            <NativeSelect id="user-role" {...register('role')}>
              {ASSIGNABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {!isEdit && (
            <FormField label="Password" htmlFor="user-password" error={errors.password?.message}>
              <Input
                id="user-password"
                type="password"
                autoComplete="new-password"
                {...register('password')}
              />
            </FormField>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : isEdit ? 'Save Changes' : 'Create User'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
