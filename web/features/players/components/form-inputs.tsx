import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatPhone } from '@/lib/format';

type Base = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'>;

/**
 * Number input that strips leading zeros. An emptied field reports '' (the schema reads it as missing);
 * undefined would make react-hook-form show the default value again.
 */
export function NumberInput({
  value,
  onChange,
  ...props
}: Base & { value: unknown; onChange: (v: number | '') => void }) {
  const shown = value === undefined || value === null || Number.isNaN(value) ? '' : String(value);
  return (
    <Input
      type="number"
      inputMode="decimal"
      value={shown}
      onChange={(e) => {
        const raw = e.target.value.replace(/^0+(?=\d)/, '');
        onChange(raw === '' ? '' : Number(raw));
      }}
      {...props}
    />
  );
}

/** Keeps the digits only (at most 10) and shows them as (123) 456-7890. */
export function PhoneInput({
  value,
  onChange,
  ...props
}: Base & { value: unknown; onChange: (v: string) => void }) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(123) 456-7890"
      value={formatPhone(typeof value === 'string' ? value : '')}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 10))}
      {...props}
    />
  );
}

/** Always shown with a leading +; at most 5 characters. */
export function CountryCodeInput({
  value,
  onChange,
  ...props
}: Base & { value: unknown; onChange: (v: string) => void }) {
  const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  return (
    <Input
      type="text"
      inputMode="tel"
      maxLength={5}
      placeholder="+1"
      value={`+${digits}`}
      onChange={(e) => onChange(`+${e.target.value.replace(/\D/g, '').slice(0, 4)}`)}
      {...props}
    />
  );
}

/** Shown with a leading @, kept without it. */
export function HandleInput({
  value,
  onChange,
  className,
  ...props
}: Base & { value: unknown; onChange: (v: string) => void }) {
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground"
        aria-hidden
      >
        @
      </span>
      <Input
        type="text"
        maxLength={255}
        autoCapitalize="none"
        spellCheck={false}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value.trim().replace(/^@+/, ''))}
        className={cn('pl-7', className)}
        {...props}
      />
    </div>
  );
}
