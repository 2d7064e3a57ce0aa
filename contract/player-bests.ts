import { z } from 'zod';

/** A player's best verified numbers, for the dashboard cards. */
export const playerBestSchema = z.object({
  playerId: z.number(),
  maxSpeed: z.number().nullable(),
  maxSpeedPlusMinus: z.number().nullable(),
  igaScore: z.number().nullable(),
});
export type PlayerBest = z.infer<typeof playerBestSchema>;
export const playerBestsSchema = z.array(playerBestSchema);
