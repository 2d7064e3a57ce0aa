import type { Db } from '../db/client';

/** An operator command a feature contributes to `npm run cli` (server/cli-commands.ts lists them). */
export interface CliCommand {
  name: string;
  usage: string;
  run(db: Db, args: string[], options: Record<string, unknown>): Promise<void>;
}
