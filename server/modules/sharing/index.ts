import type { FastifyInstance } from 'fastify';
import { ViewCounter } from './public-cache';
import publicRoutes from './public.routes';
import shareRoutes from './share.routes';

/** The public verified profile: the family's share settings and the public pages they turn on. */
export default async function sharingModule(app: FastifyInstance) {
  const views = new ViewCounter();
  const timer = setInterval(
    () => views.flush(app.db).catch((err) => app.log.warn({ err }, 'Writing profile view counts failed')),
    5000,
  );
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await views.flush(app.db).catch(() => undefined);
  });
  await app.register(publicRoutes, { views });
  await app.register(shareRoutes, { views });
}

export { buildPublicProfile } from './public-profile.service';
export { renderPublicReceipt } from './public-receipt';
export { renderPublicKindReceipt } from './public-kind-receipt';
export { registerKindReceiptView, type KindReceiptView, type KindReceiptViewOf } from './kind-receipt-views';
export { showOf } from './share-settings.service';
export { layout as publicLayout, html } from './public-html';
export { pagePercentiles, playerPercentiles, valuePercentile } from './percentiles.service';
