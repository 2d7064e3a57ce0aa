import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Lock } from 'lucide-react';
import type { TestCheckoutSession } from '@contract/billing';
import { testPaySchema } from '@contract/billing-forms';
import { formatCents } from '@contract/money';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePayTestSession } from '../api/test-checkout';

type Values = z.input<typeof testPaySchema>;

const groupCard = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

/** The card form of the hosted test payment page; the server decides the outcome from Stripe's test cards. */
export function TestCheckoutForm({ session }: { session: TestCheckoutSession }) {
  const pay = usePayTestSession(session.id);
  const [payError, setPayError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(testPaySchema) as never,
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await pay.mutateAsync(values);
      window.location.assign(res.redirectUrl);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      // Input problems go under their fields; a decline is one message for the whole payment.
      let underField = false;
      if (e?.status === 400) {
        for (const [field, message] of Object.entries(e.errors ?? {})) {
          if (field in values) {
            form.setError(field as keyof Values, { message });
            underField = true;
          }
        }
      }
      if (!underField) setPayError(e?.message ?? 'Something went wrong. Please try again.');
    }
  });
  // A new attempt, even one the form refuses before sending, replaces the last card's error (never both at once).
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    setPayError(null);
    return submit(e);
  };

  const busy = pay.isPending || pay.isSuccess;
  const reg = (name: keyof Values, format?: (v: string) => string) => {
    const r = form.register(name);
    return format
      ? {
          ...r,
          onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
            e.target.value = format(e.target.value);
            return r.onChange(e);
          },
        }
      : r;
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label="Pay with card">
      <FormField label="Email" htmlFor="pay-email">
        <Input id="pay-email" value={session.customerEmail ?? ''} readOnly disabled />
      </FormField>
      <FormField label="Card number" htmlFor="card-number" error={errors.cardNumber?.message}>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          disabled={busy}
          {...reg('cardNumber', groupCard)}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiration (MM / YY)" htmlFor="card-expiry" error={errors.expiry?.message}>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            disabled={busy}
            {...reg('expiry', formatExpiry)}
          />
        </FormField>
        <FormField label="CVC" htmlFor="card-cvc" error={errors.cvc?.message}>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            disabled={busy}
            {...reg('cvc')}
          />
        </FormField>
      </div>
      <FormField label="Name on card" htmlFor="card-name">
        <Input id="card-name" autoComplete="cc-name" disabled={busy} {...reg('name')} />
      </FormField>
      {payError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          data-testid="payment-error"
        >
          {payError}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? (
          <>
            <Spinner size="sm" label="Processing" /> Processing...
          </>
        ) : (
          'Pay'
        )}
      </Button>
      <p className="flex items-center justify-center gap-1 text-xs text-muted-foreground">
        <Lock className="size-3" aria-hidden /> {formatCents(session.amountTotalCents)} will be charged in
        test mode: no real money moves.
      </p>
    </form>
  );
}
