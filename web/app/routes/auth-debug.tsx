import { AuthDebug } from '@/features/diagnostics/components/auth-debug';

/** Screen: authentication diagnostics (open to signed-out visitors too). */
export default function AuthDebugRoute() {
  return (
    <div className="min-h-screen bg-muted/30">
      <AuthDebug />
    </div>
  );
}
