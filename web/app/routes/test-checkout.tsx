/** Screen: test-checkout (placeholder until its feature lands). */
export default function TestCheckoutRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
