import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { players, users } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { playerName } from '../players';

type Who = { to: string; firstName: string | null; playerName: string; playerId: number; appUrl: string };

/** Emails the player's owner after the change has committed; a mail failure never undoes the analysis. */
export async function notifyOwner(app: FastifyInstance, playerId: number, build: (who: Who) => Mail) {
  try {
    const [row] = await app.db
      .select({
        email: users.email,
        firstName: users.firstName,
        p: { firstName: players.firstName, lastName: players.lastName },
      })
      .from(players)
      .innerJoin(users, eq(users.id, players.userId))
      .where(eq(players.id, playerId));
    if (!row) return;
    await app.mailer.send(
      build({
        to: row.email,
        firstName: row.firstName,
        playerName: playerName(row.p),
        playerId,
        appUrl: app.env.APP_URL,
      }),
    );
  } catch (err) {
    app.log.error({ err, playerId }, 'analysis notification failed');
  }
}
