/** The sharing feature's public surface: other features import only from here. */
export { usePlayerPercentiles } from './api/get-percentiles';
