import { ShieldCheck } from 'lucide-react';
import { useAuditStatus } from '../api/get-audit-status';

/** 'Verified by 2 analysts' (or the review state) next to a measured speed the family sees. */
export function AuditBadge({ requestId }: { requestId: number | null | undefined }) {
  const q = useAuditStatus(requestId);
  if (!q.data?.label) return null;
  const agreed = q.data.status === 'agreed';
  return (
    <span
      data-testid="audit-badge"
      className={
        agreed
          ? 'inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800'
          : 'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900'
      }
    >
      {agreed && <ShieldCheck className="size-3.5" aria-hidden />}
      {q.data.label}
    </span>
  );
}
