import { useId, useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import { VIDEO_NAME_MAX, VIDEO_NAME_REQUIRED, type Video } from '@contract/videos';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useRenameVideo } from '../api/rename-video';

/**
 * A clip's name on its library card (decision 259), with, for the family (or an admin), a small form in place to
 * name or rename it. A clip from before names were kept shows no name until the family gives one.
 */
export function ClipName({ video, canRename }: { video: Video; canRename: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <RenameForm video={video} onDone={() => setEditing(false)} />;
  if (!video.name && !canRename) return null;
  return (
    <div className="flex min-w-0 items-center gap-1">
      {video.name && (
        <span className="truncate font-semibold" title={video.name} data-testid="clip-name">
          {video.name}
        </span>
      )}
      {canRename && (
        <Button
          variant="ghost"
          size="sm"
          className={video.name ? 'size-7 shrink-0 p-0' : 'h-7 px-2 text-muted-foreground'}
          aria-label={video.name ? `Rename clip ${video.name}` : 'Name this clip'}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" />
          {!video.name && 'Name this clip'}
        </Button>
      )}
    </div>
  );
}

function RenameForm({ video, onDone }: { video: Video; onDone: () => void }) {
  const rename = useRenameVideo(video.playerId);
  const [name, setName] = useState(video.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(VIDEO_NAME_REQUIRED);
    if (trimmed === video.name) return onDone();
    setError(null);
    rename.mutate(
      { id: video.id, name: trimmed },
      { onSuccess: onDone, onError: (err) => setError(err.message) },
    );
  };
  return (
    <form className="grid gap-1" onSubmit={submit} aria-label="Clip name">
      <label htmlFor={`${id}-name`} className="sr-only">
        Clip name
      </label>
      <div className="flex gap-1">
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={VIDEO_NAME_MAX}
          autoFocus
          className="h-8"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
        />
        <Button type="submit" size="sm" disabled={rename.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
