/** The sharing feature's public surface: other features import only from here. */
export { usePlayerPercentiles, useResultPercentiles } from './api/get-percentiles';
