import type { FastifyInstance } from 'fastify';

/** Registers the billing feature's routes. */
export default async function billingModule(_app: FastifyInstance) {}
