import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Gift } from 'lucide-react';
import { REFERRAL_MESSAGE_MAX } from '@contract/constants';
import { REFERRAL_DISCOUNT_PERCENT, referralSendSchema } from '@contract/referrals';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useSendReferral } from '../api/send-referral';

type Values = z.input<typeof referralSendSchema>;
const empty: Values = { firstName: '', lastName: '', email: '', confirmEmail: '', message: '' };

/** 'Refer a Friend' button and dialog: the friend gets an email with a registration link and a discount. */
export function ReferFriendDialog() {
  const [open, setOpen] = useState(false);
  const send = useSendReferral();
  const form = useForm<Values, unknown, z.output<typeof referralSendSchema>>({
    resolver: zodResolver(referralSendSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(empty);
  };

  const onSubmit = form.handleSubmit((values) =>
    send.mutateAsync({ ...values, message: values.message || undefined }).then(
      () => {
        toast({
          title: 'Referral sent successfully',
          description: 'Your friend will receive an email with the invitation.',
        });
        onOpenChange(false);
      },
      () => undefined,
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Gift aria-hidden /> Refer a Friend
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Refer a Friend</DialogTitle>
          <DialogDescription>
            We&apos;ll email your friend an invitation with {REFERRAL_DISCOUNT_PERCENT}% off their first
            purchase.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" htmlFor="ref-first" error={errors.firstName?.message} required>
              <Input id="ref-first" autoComplete="off" {...form.register('firstName')} />
            </FormField>
            <FormField label="Last name" htmlFor="ref-last" error={errors.lastName?.message} required>
              <Input id="ref-last" autoComplete="off" {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField label="Email" htmlFor="ref-email" error={errors.email?.message} required>
            <Input id="ref-email" type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <FormField
            label="Confirm email"
            htmlFor="ref-confirm"
            error={errors.confirmEmail?.message}
            required
          >
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
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Referral'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
