import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COACH_DIVISIONS } from '@contract/coach-calendar';
import { coachApplicationSchema, type CoachApplicationInput } from '@contract/coach-forms';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { useApplyAsCoach } from '../api/coach-mutations';
import { CollegePicker } from './college-picker';

/** 'I am a college coach': name, title, division, college from the directory, work email, password. */
export function CoachApplicationForm({ onBack }: { onBack: () => void }) {
  const apply = useApplyAsCoach();
  const [done, setDone] = useState<'verify-email' | 'awaiting-admin' | null>(null);
  const { register, handleSubmit, setValue, setError, formState } = useForm<CoachApplicationInput>({
    resolver: zodResolver(coachApplicationSchema) as never,
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    try {
      setDone((await apply.mutateAsync(values)).status);
    } catch (e) {
      if (e instanceof ApiError && e.errors)
        for (const [k, v] of Object.entries(e.errors))
          setError(k as keyof CoachApplicationInput, { message: v });
      else setError('root', { message: e instanceof Error ? e.message : 'Could not send the application' });
    }
  });
  if (done)
    return (
      <div role="status" className="space-y-3">
        <p>
          {done === 'verify-email'
            ? 'Check your work email: follow the link we sent to verify it, then log in. Your address is at an athletics domain an admin set for your college, so the account opens once it is verified.'
            : 'Thank you. Follow the link we sent to verify your email; an admin will check your application, approve it and email you.'}
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to log in
        </Button>
      </div>
    );
  return (
    <form className="space-y-3" onSubmit={(e) => void onSubmit(e)} aria-label="Coach application">
      <FormField label="Name" htmlFor="coach-name" error={errors.name?.message}>
        <Input id="coach-name" {...register('name')} />
      </FormField>
      <FormField label="Title" htmlFor="coach-title" error={errors.title?.message}>
        <Input id="coach-title" placeholder="Recruiting Coordinator" {...register('title')} />
      </FormField>
      <FormField label="Division" htmlFor="coach-division" error={errors.division?.message}>
        <NativeSelect id="coach-division" defaultValue="" {...register('division')}>
          <option value="" disabled>
            Select your division
          </option>
          {COACH_DIVISIONS.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="College" htmlFor="coach-college" error={errors.collegeIpedsId?.message}>
        <CollegePicker
          id="coach-college"
          onPick={(id) => setValue('collegeIpedsId', id, { shouldValidate: true })}
        />
      </FormField>
      <FormField label="Work email" htmlFor="coach-email" error={errors.email?.message}>
        <Input id="coach-email" type="email" {...register('email')} />
      </FormField>
      <FormField label="Password" htmlFor="coach-password" error={errors.password?.message}>
        <Input id="coach-password" type="password" {...register('password')} />
      </FormField>
      {errors.root && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={apply.isPending}>
          Apply
        </Button>
        <Button type="button" variant="outline" onClick={onBack}>
          Back to log in
        </Button>
      </div>
    </form>
  );
}
