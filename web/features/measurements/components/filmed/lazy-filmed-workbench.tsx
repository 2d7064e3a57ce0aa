import { lazy, Suspense, type ComponentProps } from 'react';
import { WorkbenchLoading } from '../workbench/lazy-workbench';

const Workbench = lazy(() => import('./filmed-workbench').then((m) => ({ default: m.FilmedWorkbench })));

/** Loaded when it opens, like the Max Speed workbench (decision 192): the frame decoder is heavy. */
export function FilmedWorkbench(props: ComponentProps<typeof Workbench>) {
  return (
    <Suspense fallback={<WorkbenchLoading />}>
      <Workbench {...props} />
    </Suspense>
  );
}
