/** Screen: test-search (placeholder until its feature lands). */
export default function TestSearchRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
