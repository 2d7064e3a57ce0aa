import { lazy } from 'react';
import { registerKindViews } from '../../kind-views';

registerKindViews('vertical_jump', {
  Results: lazy(() => import('./vertical-results').then((m) => ({ default: m.VerticalResults }))),
  receipt: {
    View: lazy(() => import('./vertical-receipt-view').then((m) => ({ default: m.VerticalReceiptView }))),
    title: 'Verified vertical jump receipt',
  },
  Bench: lazy(() => import('./vertical-bench').then((m) => ({ default: m.VerticalBench }))),
});
