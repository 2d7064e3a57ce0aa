import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';

export function RawJson({ value }: { value: unknown }) {
  const text = JSON.stringify(value, null, 2);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'Raw JSON copied to the clipboard' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the text and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between space-y-0">
        <CardTitle>Raw JSON</CardTitle>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy
        </Button>
      </CardHeader>
      <CardContent>
        <pre data-testid="raw-json" className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">
          {text}
        </pre>
      </CardContent>
    </Card>
  );
}
