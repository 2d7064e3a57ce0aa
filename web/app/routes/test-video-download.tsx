import { SignInNotice } from '@/components/sign-in-notice';
import { PageHeader } from '@/components/ui/page-header';
import { useUser } from '@/features/auth/api/use-user';
import { VideoDownload } from '@/features/diagnostics/components/video-download';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/** Screen: test video download (admin when signed in, inside the app layout; open signed out, where the call answers 401). */
export default function TestVideoDownloadRoute() {
  const { user, isLoading } = useUser();
  return (
    <div className={cn('space-y-4', !user && 'mx-auto w-full max-w-7xl px-4 py-6 sm:px-6')}>
      <PageHeader
        title="Video Download Test"
        subtitle="Check that a stored video downloads as video_{id}.mp4"
      />
      {!user && !isLoading && (
        <SignInNotice what="download stored videos" returnTo={paths.testVideoDownload} />
      )}
      <VideoDownload />
    </div>
  );
}
