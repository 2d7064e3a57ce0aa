/** Screen: player-new (placeholder until its feature lands). */
export default function PlayerNewRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
