import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@/components/ui/spinner';

const Workbench = lazy(() => import('./filmed-workbench').then((m) => ({ default: m.FilmedWorkbench })));

/** Loaded when it opens, like the Max Speed workbench (decision 192): the frame decoder is heavy. */
export function FilmedWorkbench(props: ComponentProps<typeof Workbench>) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-8">
          <Spinner label="Loading the workbench" />
        </div>
      }
    >
      <Workbench {...props} />
    </Suspense>
  );
}
