/** Screen: verify-email (placeholder until its feature lands). */
export default function VerifyEmailRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
