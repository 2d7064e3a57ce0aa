/** The measurements feature's public surface: other features import only from here. */
export { MeasurementWorkbench } from './components/workbench/lazy-workbench';
export type { MeasuredCompletion, TrackedCompletion } from './components/workbench/measurement-workbench';
export { SourceVideoField } from './components/source-video-field';
export { FilmedWorkbench } from './components/filmed/lazy-filmed-workbench';
export type { FilmedMeasurement } from './components/filmed/filmed-bench';
export { kindViews, registerKindViews } from './kinds';
export { useKindBests } from './api/kind-bests';
