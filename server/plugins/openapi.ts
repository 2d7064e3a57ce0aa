import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from './serializer';

export default fp(async (app) => {
  app.setValidatorCompiler(validatorCompiler);
  // Answers written by serializers compiled from their schemas; the tests check them against zod's (decision 213).
  app.setSerializerCompiler(compiledSerializerCompiler({ check: app.env.NODE_ENV === 'test' }));
  await app.register(swagger, {
    openapi: {
      info: { title: 'Verified Athlete API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'va.sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation's own routes (page, assets, json, yaml) are public: declared here, for its whole scope.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
