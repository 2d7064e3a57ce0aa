/** Screen: admin-reporting (placeholder until its feature lands). */
export default function AdminReportingRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
