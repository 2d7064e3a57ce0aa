import type { CliCommand } from './lib/cli-command';
import { recheckCommand } from './modules/admin';
import { leaderboardRebuildCommand } from './modules/leaderboard';
import { schoolsImportCommand } from './modules/players';

/** Commands contributed by features (schools:import, leaderboard:rebuild, ...). */
export const cliCommands: CliCommand[] = [leaderboardRebuildCommand, schoolsImportCommand, recheckCommand];
