import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { REFERRAL_MESSAGE_MAX } from '@contract/constants';
import { referralSendSchema } from '@contract/referrals-forms';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import type { useSendReferral } from '../api/send-referral';

type Values = z.input<typeof referralSendSchema>;
const empty: Values = { firstName: '', lastName: '', email: '', confirmEmail: '', message: '' };

/**
 * The refer-a-friend dialog's form, loaded when the dialog opens (decision 234): zod, react-hook-form and
 * the schema stay out of the signed-in screens' code. It mounts with the open dialog, so each opening
 * starts empty; `onClose` closes the dialog.
 */
export function ReferFriendForm({
  send,
  onClose,
}: {
  send: ReturnType<typeof useSendReferral>;
  onClose: () => void;
}) {
  const form = useForm<Values, unknown, z.output<typeof referralSendSchema>>({
    resolver: zodResolver(referralSendSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    send.mutateAsync({ ...values, message: values.message || undefined }).then(
      () => {
        toast({
          title: 'Referral sent successfully',
          description: 'Your friend will receive an email with the invitation.',
        });
        onClose();
      },
      () => undefined,
    ),
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" htmlFor="ref-first" error={errors.firstName?.message} required>
          {/* The dialog focuses its first field on opening; when the form arrived after the spinner, that
              was the close button, so the first field takes the focus as it mounts. */}
          <Input id="ref-first" autoComplete="off" autoFocus {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" htmlFor="ref-last" error={errors.lastName?.message} required>
          <Input id="ref-last" autoComplete="off" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" htmlFor="ref-email" error={errors.email?.message} required>
        <Input id="ref-email" type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField label="Confirm email" htmlFor="ref-confirm" error={errors.confirmEmail?.message} required>
        <Input id="ref-confirm" type="email" autoComplete="off" {...form.register('confirmEmail')} />
      </FormField>
      <FormField label="Message (optional)" htmlFor="ref-message" error={errors.message?.message}>
        <Textarea
          id="ref-message"
          rows={3}
          maxLength={REFERRAL_MESSAGE_MAX}
          placeholder="Add a personal note"
          {...form.register('message')}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Referral'}
        </Button>
      </DialogFooter>
    </form>
  );
}
