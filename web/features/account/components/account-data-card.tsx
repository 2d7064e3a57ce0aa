import { useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETE_CONFIRM } from '@contract/account';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { accountExportUrl, useDeleteAccount } from '../api/account';

/** Your data: download everything as JSON (files as links), or delete the account with the password. */
export function AccountDataCard() {
  const del = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    if (!password) return setError(ACCOUNT_DELETE_CONFIRM);
    try {
      await del.mutateAsync({ password });
      setOpen(false);
      toast({ title: 'Account deleted', description: 'Your account and everything in it has been deleted.' });
      void navigate(paths.auth);
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.password ?? err.message) : 'Something went wrong');
    }
  };

  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <CardDescription>
          Download everything we hold about your family, or delete your account and all of your players.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <a href={accountExportUrl} download>
            <Download aria-hidden /> Download my data
          </a>
        </Button>
        <AlertDialog
          open={open}
          onOpenChange={(o) => {
            setOpen(o);
            setError('');
            setPassword('');
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="outline" className="text-destructive">
              <Trash2 aria-hidden /> Delete account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                This deletes your account, every player with their photos, videos, analysis results and
                leaderboard places, and signs you out everywhere. Unused credits are lost and requests still
                waiting are cancelled. A subscription that still renews must be cancelled first. Download your
                data before, if you want to keep it. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <FormField htmlFor="delete-password" label="Password" required error={error || undefined}>
              <Input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError('');
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') void confirm();
                }}
              />
            </FormField>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={del.isPending}>Cancel</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                disabled={del.isPending}
                onClick={(e) => {
                  e.preventDefault();
                  void confirm();
                }}
              >
                {del.isPending ? 'Deleting...' : 'Delete my account'}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
