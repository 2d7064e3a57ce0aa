import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { useSchoolSearch } from '@/features/schools';

/** Type a college's name, pick it from the directory: the application names it by its IPEDS id. */
export function CollegePicker({
  id,
  onPick,
  placeholder = 'Start typing your college',
}: {
  id: string;
  onPick: (ipedsId: number) => void;
  placeholder?: string;
}) {
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const found = (useSchoolSearch(term, 'College').data ?? []).filter((s) => s.ipedsId);
  return (
    <div>
      <Input
        id={id}
        role="combobox"
        aria-expanded={!picked && found.length > 0}
        value={picked ?? term}
        onChange={(e) => {
          setPicked(null);
          setTerm(e.target.value);
        }}
        placeholder={placeholder}
      />
      {!picked && found.length > 0 && (
        <ul role="listbox" className="mt-1 max-h-48 overflow-auto rounded-md border">
          {found.map((s) => (
            <li key={s.ipedsId}>
              <button
                type="button"
                role="option"
                aria-selected={false}
                className="w-full px-3 py-1 text-left text-sm hover:bg-accent"
                onClick={() => {
                  setPicked(`${s.name}, ${s.city}, ${s.state}`);
                  onPick(s.ipedsId!);
                }}
              >
                {s.name}, {s.city}, {s.state}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
