import { useEffect, useState, type ComponentProps } from 'react';

/**
 * Toasts without sonner on the first screen (issue 14's JS budget, decision 143): sonner is fetched
 * with the first toast, not with the page. `toast()` answers an id at once and shows the toast as soon
 * as sonner has loaded (a few milliseconds on a warm server); sonner shows toasts made before its
 * Toaster subscribed, so nothing is lost.
 */
type Sonner = typeof import('sonner');
type ToasterProps = ComponentProps<Sonner['Toaster']>;

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const wanted = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (loading) return loading;
  loading = import('sonner').then((m) => {
    sonner = m;
    return m;
  });
  for (const notify of wanted) notify();
  return loading;
}

export function Toaster(props: ToasterProps) {
  const [mod, setMod] = useState<Sonner | null>(sonner);
  useEffect(() => {
    if (mod) return;
    const notify = () => void loading?.then(setMod);
    if (loading) notify();
    wanted.add(notify);
    return () => void wanted.delete(notify);
  }, [mod]);
  if (!mod) return null;
  // Bottom right: at the top they covered the header's credit counter right after sign-in.
  return <mod.Toaster richColors position="bottom-right" closeButton {...props} />;
}

type ToastOptions = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'info';
  duration?: number;
};

let nextId = 0;

/** `toast({ title, description, variant })`: shows a toast (loading sonner the first time); answers its id. */
export function toast({ title, description, variant = 'default', duration }: ToastOptions): string {
  const id = `toast-${++nextId}`;
  const show = (m: Sonner) => {
    const opts = { id, description, duration };
    if (variant === 'destructive') m.toast.error(title, opts);
    else if (variant === 'info') m.toast(title, opts);
    else m.toast.success(title, opts);
  };
  if (sonner) show(sonner);
  else void loadSonner().then(show);
  return id;
}
