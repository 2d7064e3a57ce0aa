import type { FastifyInstance } from 'fastify';

/** Registers the analysis feature's routes. */
export default async function analysisModule(_app: FastifyInstance) {}
