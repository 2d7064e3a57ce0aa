import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { useAuditSettings, useSaveAuditSettings } from '../api/audit-admin';

export function AuditSettingsForm() {
  const settings = useAuditSettings();
  const save = useSaveAuditSettings();
  const [rate, setRate] = useState('');
  useEffect(() => {
    if (settings.data) setRate(String(settings.data.ratePercent));
  }, [settings.data]);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ ratePercent: Number(rate) }, { onSuccess: () => toast({ title: 'Audit rate saved' }) });
      }}
    >
      <label className="grid gap-1 text-sm font-medium">
        Audit rate (% of completed Max Speed requests)
        <Input
          type="number"
          min={0}
          max={100}
          step="any"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          className="w-32"
        />
      </label>
      <Button type="submit" disabled={save.isPending || rate === ''}>
        Save
      </Button>
      {save.isError && (
        <p role="alert" className="w-full text-sm text-destructive">
          {save.error.message}
        </p>
      )}
    </form>
  );
}
