import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

export function FormSection({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={cn('grid gap-4 sm:grid-cols-2', className)}>{children}</CardContent>
    </Card>
  );
}

/** A labelled control with the form's error for `name`. */
export function Field({
  name,
  label,
  required,
  description,
  className,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const {
    formState: { errors },
  } = useFormContext();
  const error = errors[name]?.message;
  return (
    <FormField
      htmlFor={name}
      label={label}
      required={required}
      description={description}
      className={cn('content-start', className)}
      error={typeof error === 'string' ? error : undefined}
    >
      {children}
    </FormField>
  );
}
