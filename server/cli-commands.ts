import type { Db } from './db/client';
import { leaderboardRebuildCommand } from './modules/leaderboard/leaderboard.cli';
import { schoolsImportCommand } from './modules/players/schools-import';

export interface CliCommand {
  name: string;
  usage: string;
  run(db: Db, args: string[], options: Record<string, unknown>): Promise<void>;
}

/** Commands contributed by features (schools:import, leaderboard:rebuild, ...). */
export const cliCommands: CliCommand[] = [leaderboardRebuildCommand, schoolsImportCommand];
