/** Screen: admin-users (placeholder until its feature lands). */
export default function AdminUsersRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
