/** Screen: auth-debug (placeholder until its feature lands). */
export default function AuthDebugRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
