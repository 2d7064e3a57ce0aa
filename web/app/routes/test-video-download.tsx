/** Screen: test-video-download (placeholder until its feature lands). */
export default function TestVideoDownloadRoute() {
  return <div className="p-6 text-muted-foreground">Coming soon</div>;
}
