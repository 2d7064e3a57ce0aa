/** Screen: player-edit (placeholder until its feature lands). */
export default function PlayerEditRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
