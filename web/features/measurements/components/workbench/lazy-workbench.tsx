import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@/components/ui/spinner';

const Workbench = lazy(() =>
  import('./measurement-workbench').then((m) => ({ default: m.MeasurementWorkbench })),
);

/**
 * The workbench, loaded when it opens (decision 192): its frame decoder (mediabunny) and speed chart are
 * most of the app's JavaScript, and stay out of every screen that only imports this feature's index.
 */
export function MeasurementWorkbench(props: ComponentProps<typeof Workbench>) {
  return (
    <Suspense fallback={<WorkbenchLoading />}>
      <Workbench {...props} />
    </Suspense>
  );
}

/** What a workbench shows while its code loads. */
export function WorkbenchLoading() {
  return (
    <div className="flex justify-center py-8">
      <Spinner label="Loading the workbench" />
    </div>
  );
}
