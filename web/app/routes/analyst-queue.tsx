/** Screen: analyst-queue (placeholder until its feature lands). */
export default function AnalystQueueRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
