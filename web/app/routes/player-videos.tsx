/** Screen: player-videos (placeholder until its feature lands). */
export default function PlayerVideosRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
