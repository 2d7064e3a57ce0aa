import type { FastifyInstance } from 'fastify';

/** Registers the players feature's routes. */
export default async function playersModule(_app: FastifyInstance) {}
