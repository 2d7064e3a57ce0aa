import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Fixed palette (class names, not inline styles) so it works under a strict CSP.
const PALETTE = [
  'bg-blue-700',
  'bg-indigo-700',
  'bg-sky-700',
  'bg-teal-700',
  'bg-emerald-700',
  'bg-green-700',
  'bg-amber-700',
  'bg-orange-700',
  'bg-red-700',
  'bg-rose-700',
  'bg-fuchsia-700',
  'bg-violet-700',
];

const SIZES = {
  sm: 'size-7 text-[0.65rem]',
  md: 'size-9 text-xs',
  lg: 'size-12 text-base',
  xl: 'size-20 text-2xl',
} as const;

type AvatarSize = keyof typeof SIZES;

/** Deterministic 32-bit FNV-1a hash. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const firstLetter = (w: string) => Array.from(w).find((ch) => /[\p{L}\p{N}]/u.test(ch)) ?? '';

/**
 * "Jane Doe" -> "JD", "jane.doe@x.io" -> "JD", "alice" -> "AL", "" -> "?". A name splits on spaces only, so
 * "Rowan Ñúñez-O'Brien" -> "RÑ" (not "RO"); accented letters are kept whole (NFC).
 */
export function getInitials(nameOrEmail: string): string {
  const trimmed = nameOrEmail.trim().normalize('NFC');
  const isEmail = trimmed.includes('@');
  const base = isEmail ? (trimmed.split('@')[0] ?? '') : trimmed;
  const words = base.split(isEmail ? /[\s._+-]+/ : /\s+/).filter((w) => firstLetter(w) !== '');
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  const chars =
    words.length === 1
      ? Array.from(first)
          .filter((ch) => /[\p{L}\p{N}]/u.test(ch))
          .slice(0, 2)
      : [firstLetter(first), firstLetter(last)];
  return chars.join('').toLocaleUpperCase('en-US');
}

type InitialsAvatarProps = Omit<ComponentProps<'span'>, 'children'> & {
  name: string;
  src?: string | null;
  size?: AvatarSize;
};

export function InitialsAvatar({ name, src, size = 'md', className, ...props }: InitialsAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImg = !!src && failedSrc !== src;
  const colour = PALETTE[hashString(name.trim().toLowerCase()) % PALETTE.length];
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold text-white',
        SIZES[size],
        !showImg && colour,
        className,
      )}
      {...(showImg ? {} : { role: 'img', 'aria-label': name || 'User' })}
      {...props}
    >
      {showImg ? (
        <img src={src} alt={name} className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        <span aria-hidden="true">{getInitials(name)}</span>
      )}
    </span>
  );
}
