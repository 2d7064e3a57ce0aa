/** Screen: auth-page (placeholder until its feature lands). */
export default function AuthPageRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
