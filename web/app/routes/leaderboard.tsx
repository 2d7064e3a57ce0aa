/** Screen: leaderboard (placeholder until its feature lands). */
export default function LeaderboardRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
