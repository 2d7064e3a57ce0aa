import { useNavigate } from 'react-router';
import { NO_IGA_CREDIT, NO_SPEED_CREDIT, type RequestType } from '@contract/analysis';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/lib/paths';

/** The destructive toast and the trip to the plans page when a credit of the kind is missing. */
export function useNoCreditRedirect() {
  const navigate = useNavigate();
  return (kind: RequestType) => {
    toast({
      title: kind === 'iga' ? 'Insufficient IGA Credits' : 'Insufficient Speed Analysis Credits',
      description: kind === 'iga' ? NO_IGA_CREDIT : NO_SPEED_CREDIT,
      variant: 'destructive',
    });
    void navigate(paths.subscriptions);
  };
}
