/** Screen: subscriptions (placeholder until its feature lands). */
export default function SubscriptionsRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
