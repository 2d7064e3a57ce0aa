/** The sharing feature's public surface: other features import only from here. */
export { useResultPercentiles } from './api/get-percentiles';
