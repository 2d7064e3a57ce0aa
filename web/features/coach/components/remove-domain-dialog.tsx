import type { AthleticsDomain } from '@contract/coach-domains';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/** Removing an athletics domain, confirmed: who it affects from now on, and who it does not. */
export function RemoveDomainDialog({
  domain,
  college,
  pending,
  onConfirm,
  onClose,
}: {
  domain: AthleticsDomain | null;
  college: string;
  pending: boolean;
  onConfirm: (d: AthleticsDomain) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={domain !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {domain?.domain}?</AlertDialogTitle>
          <AlertDialogDescription>
            The coaches this domain approved for {college} wait for an admin again from now on and are told by
            email; coaches an admin approved keep their accounts. New applications at {domain?.domain} wait
            for an admin.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            onClick={(e) => {
              e.preventDefault();
              if (domain) onConfirm(domain);
            }}
          >
            {pending ? 'Removing...' : 'Remove'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
