import type { CheckoutPreview } from '@contract/billing-history';
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
import { formatCents } from '@contract/money';

/** Before a plan change leaves for the payment page: what is charged, what is credited, what ends (decision 064). */
export function PlanChangeDialog({
  preview,
  onConfirm,
  onCancel,
}: {
  preview: CheckoutPreview | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog
      open={Boolean(preview)}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Change to {preview?.planName}?</AlertDialogTitle>
          <AlertDialogDescription>{preview?.summary}</AlertDialogDescription>
        </AlertDialogHeader>
        {preview && (
          <dl
            className="grid grid-cols-[1fr_auto] gap-y-1 rounded-md border p-3 text-sm"
            data-testid="plan-change-summary"
          >
            <dt>Charged now</dt>
            <dd className="font-semibold">{formatCents(preview.chargeCents)}</dd>
            <dt>Credits added</dt>
            <dd>
              {preview.credits} Max Speed · {preview.igaCredits} IGA
            </dd>
            {preview.replaces && (
              <>
                <dt>{preview.replaces.planName} plan</dt>
                <dd>ends when paid</dd>
              </>
            )}
          </dl>
        )}
        <p className="text-xs text-muted-foreground">
          A referral discount, if you have one, is applied on the payment page.
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep my plan</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Continue to payment</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
