import { useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { formatSpeed } from '@contract/measurement-math';
import { OVERRIDE_REASON_REQUIRED, type MeasurementResult } from '@contract/measurements';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

export interface Confirmation {
  maxSpeed: number;
  plusMinus: number;
  override?: { maxSpeed: number; reason: string };
}

const OVERRIDE_FORMAT = /^\d{1,2}(\.\d)?$/;

/** 'Confirm measurement' takes the computed value; an override needs a written reason. */
export function ConfirmPanel({
  result,
  ready,
  confirmed,
  onConfirm,
}: {
  result: MeasurementResult | undefined;
  ready: boolean;
  confirmed: Confirmation | null;
  onConfirm: (c: Confirmation | null) => void;
}) {
  const [overriding, setOverriding] = useState(false);
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});

  if (confirmed) {
    return (
      <div
        className="flex flex-wrap items-center gap-3 rounded-md border border-success/50 bg-success/10 p-3 text-sm"
        data-testid="measurement-confirmed"
      >
        <CheckCircle2 className="size-5 text-success" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            Confirmed: {formatSpeed(confirmed.override?.maxSpeed ?? confirmed.maxSpeed, confirmed.plusMinus)}
          </p>
          {confirmed.override && (
            <p className="text-muted-foreground">
              Override of the measured {confirmed.maxSpeed.toFixed(1)} mph: {confirmed.override.reason}
            </p>
          )}
        </div>
        <Button size="sm" variant="outline" onClick={() => onConfirm(null)}>
          Change
        </Button>
      </div>
    );
  }

  const confirm = () => {
    if (!result) return;
    if (!overriding) return onConfirm({ maxSpeed: result.maxSpeed, plusMinus: result.plusMinus });
    const next: typeof errors = {};
    const mph = Number(value);
    if (!OVERRIDE_FORMAT.test(value.trim()) || !(mph > 0 && mph <= 40))
      next.value = 'Max speed must be between 0 and 40 mph, with up to 1 decimal';
    if (!reason.trim()) next.reason = OVERRIDE_REASON_REQUIRED;
    setErrors(next);
    if (next.value || next.reason) return;
    onConfirm({
      maxSpeed: result.maxSpeed,
      plusMinus: result.plusMinus,
      override: { maxSpeed: mph, reason: reason.trim() },
    });
  };

  return (
    <div className="grid gap-3 rounded-md border p-3">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={overriding}
          onChange={(e) => setOverriding(e.target.checked)}
          className="size-4 accent-[var(--color-primary)]"
        />
        Override the measured value
      </label>
      {overriding && (
        <div className="grid gap-3">
          <FormField label="Override Max Speed (mph)" htmlFor="override-mph" error={errors.value}>
            <Input
              id="override-mph"
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </FormField>
          <FormField
            label="Reason for the override"
            htmlFor="override-reason"
            error={errors.reason}
            description="Stored with the receipt and shown to the family."
          >
            <Textarea
              id="override-reason"
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
        </div>
      )}
      <Button onClick={confirm} disabled={!ready || !result}>
        Confirm measurement
      </Button>
    </div>
  );
}
