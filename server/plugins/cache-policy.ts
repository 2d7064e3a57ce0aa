import fp from 'fastify-plugin';

/**
 * API answers are about one family (minors' names, schools, measurements, payments) or change with
 * every write: no browser, proxy or shared cache may keep them. A route that wants caching sets its own.
 * Set with the other fixed headers as the answer is sent (decision 237), not by a hook of its own.
 */
export default fp(async (app) => {
  app.answerHeaders({ 'cache-control': 'no-store' }, 'api');
});
