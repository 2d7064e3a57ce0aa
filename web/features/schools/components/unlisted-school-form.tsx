import { useState } from 'react';
import { SCHOOL_STATE_CODES } from '@contract/players';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

interface UnlistedSchool {
  name: string;
  city: string;
  state: string;
}

/** 'My school is not listed': the family types the school; it is stored and shown as unverified. */
export function UnlistedSchoolForm({
  initialName,
  onUse,
  onBack,
}: {
  initialName: string;
  onUse: (s: UnlistedSchool) => void;
  onBack: () => void;
}) {
  const [s, setS] = useState<UnlistedSchool>({ name: initialName, city: '', state: '' });
  const [error, setError] = useState('');
  const use = () => {
    const v = { name: s.name.trim(), city: s.city.trim(), state: s.state };
    if (!v.name || !v.city || !v.state) return setError("Enter the school's name, city and state");
    onUse(v);
  };
  return (
    <div className="grid gap-3 p-1" role="group" aria-label="My school is not listed">
      <p className="text-sm text-muted-foreground">
        Type your school. It is saved as unverified until we can match it.
      </p>
      <FormField htmlFor="unlisted-name" label="School name" required>
        <Input
          id="unlisted-name"
          autoFocus
          maxLength={255}
          value={s.name}
          onChange={(e) => setS({ ...s, name: e.target.value })}
        />
      </FormField>
      <FormField htmlFor="unlisted-city" label="School city" required>
        <Input
          id="unlisted-city"
          maxLength={255}
          value={s.city}
          onChange={(e) => setS({ ...s, city: e.target.value })}
        />
      </FormField>
      <FormField htmlFor="unlisted-state" label="School state" required>
        <NativeSelect
          id="unlisted-state"
          value={s.state}
          onChange={(e) => setS({ ...s, state: e.target.value })}
        >
          <option value="">Select state</option>
          {SCHOOL_STATE_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          Back to search
        </Button>
        <Button type="button" size="sm" onClick={use}>
          Use this school
        </Button>
      </div>
    </div>
  );
}
