/** Screen: reset-password (placeholder until its feature lands). */
export default function ResetPasswordRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
