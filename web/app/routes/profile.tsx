/** Screen: profile (placeholder until its feature lands). */
export default function ProfileRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
