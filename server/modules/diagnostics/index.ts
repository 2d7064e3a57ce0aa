import type { FastifyInstance } from 'fastify';

/** Registers the diagnostics feature's routes. */
export default async function diagnosticsModule(_app: FastifyInstance) {}
