import { useState } from 'react';
import { LEVELS, type Level } from '@contract/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { SchoolPicker } from '@/features/schools/components/school-picker';

/** Screen: the school search test page. */
export default function TestSearchRoute() {
  const [level, setLevel] = useState<Level>('High School');
  const [school, setSchool] = useState('');
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle>School Search Test</CardTitle>
        <CardDescription>Search the school directory the player form uses.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField htmlFor="test-level" label="Level">
          <NativeSelect
            id="test-level"
            value={level}
            onChange={(e) => {
              setLevel(e.target.value as Level);
              setSchool('');
            }}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField htmlFor="test-school" label="School">
          <SchoolPicker id="test-school" level={level} value={school} onChange={setSchool} />
        </FormField>
        <p className="text-sm" data-testid="selected-school">
          Selected school: <strong>{school || 'None'}</strong>
        </p>
      </CardContent>
    </Card>
  );
}
