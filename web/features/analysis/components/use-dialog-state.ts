import { useState } from 'react';

/** Open state that the parent may control or leave to the dialog. */
export function useDialogState(open?: boolean, onOpenChange?: (o: boolean) => void) {
  const [inner, setInner] = useState(false);
  const value = open ?? inner;
  const set = (o: boolean) => {
    if (open === undefined) setInner(o);
    onOpenChange?.(o);
  };
  return [value, set] as const;
}
