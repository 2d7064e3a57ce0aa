import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';

export function PlayerNotFound() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <h2 className="text-lg font-semibold">Player not found</h2>
      <p className="text-sm text-muted-foreground">This player does not exist or is not one of yours.</p>
      <Button asChild variant="outline">
        <Link to={paths.home}>Back to Dashboard</Link>
      </Button>
    </Card>
  );
}
