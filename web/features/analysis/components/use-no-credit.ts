import { useNavigate } from 'react-router';
import { analysisKind } from '@contract/analysis-kinds';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/lib/paths';

/** The destructive toast and the trip to the plans page when a credit of the kind is missing. */
export function useNoCreditRedirect() {
  const navigate = useNavigate();
  return (kind: string) => {
    const { credit } = analysisKind(kind);
    toast({
      title: credit.noCreditTitle,
      description: credit.noCredit,
      variant: 'destructive',
    });
    void navigate(paths.subscriptions);
  };
}
