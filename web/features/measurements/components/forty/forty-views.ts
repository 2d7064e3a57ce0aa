import { lazy } from 'react';
import { registerKindViews } from '../../kind-views';

registerKindViews('forty', {
  Results: lazy(() => import('./forty-results').then((m) => ({ default: m.FortyResults }))),
  receipt: {
    View: lazy(() => import('./forty-receipt-view').then((m) => ({ default: m.FortyReceiptView }))),
    title: 'Verified 40 receipt',
  },
  Bench: lazy(() => import('./forty-bench').then((m) => ({ default: m.FortyBench }))),
});
