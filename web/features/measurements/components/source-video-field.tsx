import { useVideos, VideoUploadButton } from '@/features/videos';
import { NativeSelect } from '@/components/ui/native-select';
import { formatShortDate } from '@/lib/format';

const clock = (s: number | null) =>
  s == null ? '' : ` · ${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/**
 * The optional clip an analyst measures the speed on: one of the player's videos, or one uploaded
 * here (it joins the library and is chosen). Without one the analyst uploads the clip from Hudl.
 */
export function SourceVideoField({
  playerId,
  positionId,
  value,
  onChange,
  disabled,
}: {
  playerId: number;
  positionId: number | null;
  value: number | null;
  onChange: (videoId: number | null) => void;
  disabled?: boolean;
}) {
  const videos = useVideos(playerId);
  const list = videos.data?.videos ?? [];
  return (
    <div className="grid gap-2">
      <label htmlFor="speed-videoId" className="text-sm font-medium leading-none">
        Source video (optional)
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <NativeSelect
          id="speed-videoId"
          value={value ?? ''}
          disabled={disabled || videos.isLoading}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
          aria-describedby="speed-videoId-description"
          className="min-w-0 flex-1"
        >
          <option value="">None: the analyst uses the Hudl video</option>
          {list.map((v) => (
            <option key={v.id} value={v.id}>
              {/* The clip's name when it has one (decision 259), its number otherwise. */}
              {v.name ?? `#${v.id}`} · {formatShortDate(v.createdAt)}
              {v.positionKey ? ` · ${v.positionKey}` : ''}
              {clock(v.durationSeconds)}
            </option>
          ))}
        </NativeSelect>
        <VideoUploadButton
          playerId={playerId}
          positionId={positionId}
          label="Upload a clip"
          variant="outline"
          disabled={disabled}
          onUploaded={(v) => onChange(v.id)}
        />
      </div>
      <p id="speed-videoId-description" className="text-xs text-muted-foreground">
        The original file of the play (not a screen recording) gives the most exact speed: the analyst
        measures it frame by frame.
      </p>
    </div>
  );
}
