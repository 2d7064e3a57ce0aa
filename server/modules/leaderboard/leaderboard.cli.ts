import type { CliCommand } from '../../lib/cli-command';
import { rebuildLeaderboard } from './leaderboard.service';

export const leaderboardRebuildCommand: CliCommand = {
  name: 'leaderboard:rebuild',
  usage: 'leaderboard:rebuild              recompute the leaderboard from completed analyses',
  async run(db) {
    const started = Date.now();
    const { rows } = await rebuildLeaderboard(db);
    console.log(`Leaderboard rebuilt: ${rows} rows in ${Date.now() - started} ms.`);
  },
};
