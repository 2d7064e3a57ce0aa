/** Screen: home (placeholder until its feature lands). */
export default function HomeRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
