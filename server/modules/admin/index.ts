import type { FastifyInstance } from 'fastify';

/** Registers the admin feature's routes. */
export default async function adminModule(_app: FastifyInstance) {}
