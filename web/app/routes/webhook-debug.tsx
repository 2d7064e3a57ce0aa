/** Screen: webhook-debug (placeholder until its feature lands). */
export default function WebhookDebugRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
