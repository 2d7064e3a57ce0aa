/** Screen: player-card (placeholder until its feature lands). */
export default function PlayerCardRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
