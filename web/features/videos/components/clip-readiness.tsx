import { CircleAlert, CircleCheck } from 'lucide-react';
import { analysisKind, findAnalysisKind } from '@contract/analysis-kinds';
import { verifiedName } from '@contract/credit-names';
import { clipKinds, type KindReadiness } from '@contract/readiness';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useClipReadiness } from '../api/get-readiness';

/**
 * What a clip is ready for (decision 247): 'Ready for a verified Max Speed', or what is missing in plain
 * words with the filming guide. Asks again while the server is still checking the clip.
 */
export function ClipReadiness({
  videoId,
  kinds,
  compact = false,
  className,
}: {
  videoId: number;
  /** The kinds to show (a request dialog shows its own); every kind measured from a clip by default. */
  kinds?: string[];
  /** A library tile: one line per kind, the problems folded under 'What is missing'. */
  compact?: boolean;
  className?: string;
}) {
  const { checking, readiness, error } = useClipReadiness(videoId);
  const keys = kinds ?? clipKinds().map((k) => k.key);
  if (error)
    return <p className={cn('text-sm text-destructive', className)}>The clip's check could not be read.</p>;
  if (checking || !readiness)
    return (
      <p className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
        <Spinner size="sm" label="Checking the clip" />
        Checking the clip: frame rate, length and what is in view...
      </p>
    );
  return (
    <ul
      className={cn('grid gap-1 text-sm', className)}
      aria-label="What this clip is ready for"
      data-testid="clip-readiness"
    >
      {keys
        .filter((key) => readiness.kinds[key] && findAnalysisKind(key))
        .map((key) => (
          <KindLine key={key} kindKey={key} found={readiness.kinds[key]} compact={compact} />
        ))}
    </ul>
  );
}

function KindLine({ kindKey, found, compact }: { kindKey: string; found: KindReadiness; compact: boolean }) {
  const name = verifiedName(analysisKind(kindKey));
  if (found.ready)
    return (
      <li className="flex items-start gap-1.5 text-success">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>Ready for {name}</span>
      </li>
    );
  const problems = (
    <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
      {found.problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
  return (
    <li className="text-warning-foreground">
      <span className="flex items-start gap-1.5">
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span className="font-medium">Not ready for {name}</span>
      </span>
      {compact ? (
        <details className="pl-6">
          <summary className="cursor-pointer text-xs text-muted-foreground">What is missing</summary>
          {problems}
        </details>
      ) : (
        <div className="pl-6">{problems}</div>
      )}
    </li>
  );
}
