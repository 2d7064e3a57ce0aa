import fp from 'fastify-plugin';

/**
 * API answers are about one family (minors' names, schools, measurements, payments) or change with
 * every write: no browser, proxy or shared cache may keep them. A route that wants caching sets its own.
 */
export default fp(async (app) => {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
