import { analysisKinds } from '@contract/analysis-kinds';
import { Button } from '@/components/ui/button';
import { FilmedRequestDialog } from './filmed-request-dialog';
import { RequestDialog } from './request-dialog';
import { findRequestKind } from './request-kinds';
import type { DialogSlotProps } from './slot-types';

/**
 * A request button and its dialog per requestable kind, in the registry's order: the common dialog for a
 * kind requested from a Hudl link (its title; `shortTitle` on a phone when `compact`), the filmed dialog
 * for a kind measured from a clip's frames (the kind's label).
 */
export function RequestButtons({
  compact = false,
  className,
  ...slot
}: Omit<DialogSlotProps, 'trigger' | 'open' | 'onOpenChange'> & { compact?: boolean; className?: string }) {
  return analysisKinds().map((kind) => {
    const k = findRequestKind(kind.key);
    if (k) {
      const words =
        compact && k.shortTitle ? (
          <>
            <span className="sm:hidden">{k.shortTitle}</span>
            <span className="hidden sm:inline">{k.title}</span>
          </>
        ) : (
          k.title
        );
      const trigger = (
        <Button variant={k.triggerVariant} className={className}>
          {words}
        </Button>
      );
      return <RequestDialog key={kind.key} kind={kind.key} {...slot} trigger={trigger} />;
    }
    if (!kind.filmed) return null;
    const trigger = (
      <Button variant="outline" className={className}>
        {kind.label}
      </Button>
    );
    return <FilmedRequestDialog key={kind.key} kind={kind.key} {...slot} trigger={trigger} />;
  });
}
