import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useConnections, useWatchlist } from '../api/coach-queries';
import { CONNECTION_TEXT } from './connection-text';

/** The coach's watch list and requests to connect (with the email a family gave). */
export function Watchlist() {
  const items = useWatchlist().data ?? [];
  const connections = useConnections().data ?? [];
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Players you watch</CardTitle>
        </CardHeader>
        <CardContent>
          {items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No players on your watch list yet.</p>
          ) : (
            <ul className="space-y-2">
              {items.map((i) => (
                <li key={i.playerId} className="text-sm">
                  <Link to={`/coach/players/${i.playerId}`} className="font-medium text-primary">
                    {i.name}
                  </Link>{' '}
                  · Class of {i.classYear} · {i.school}
                  {i.maxSpeedMph !== null && ` · ${i.maxSpeedMph.toFixed(1)} mph`}
                  {i.kindResults.map((k) => ` · ${k.label} ${k.text}`).join('')}
                  {i.newVerifiedNumber && <Badge className="ml-2">New verified number</Badge>}
                  {i.note && <p className="text-muted-foreground">{i.note}</p>}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Requests to connect</CardTitle>
        </CardHeader>
        <CardContent>
          {connections.length === 0 && (
            <p className="text-sm text-muted-foreground">
              You have not asked a family to connect yet. Open a player&apos;s profile to ask.
            </p>
          )}
          <ul className="space-y-2 text-sm">
            {connections.map((c) => (
              <li key={`${c.playerId}-${c.createdAt}`}>
                {c.name}: {CONNECTION_TEXT[c.status](c.contactEmail)}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
