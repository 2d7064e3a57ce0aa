import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { clipCacheDir } from '../env';
import { ffmpegPath } from './ffmpeg';

/**
 * A generated clip with a known truth (a run, a 40, a jump, a field) is the same bytes whenever it is made from
 * the same recipe, and making one is an encode of up to seconds of CPU (decision 340). When `VA_CLIP_CACHE` names
 * a folder (the test projects and the browser tests' servers set it), a clip is made once and kept there, with
 * what the generator returned about it, under a key of the recipe: its options, the generator's source files
 * and the ffmpeg that encodes it; a later call with the same key copies the kept file to `out`. Without the
 * folder, or where a source file cannot be read (a bundled server), the clip is made as before.
 *
 * `sources` are paths from the repository root; `make` writes the clip to the path it is given and returns
 * what the caller gets, whose `file` is that path. What the generator returns must survive JSON (a function
 * in it is put back by the caller).
 */
export async function keptClip<T extends { file: string }>(
  recipe: { name: string; sources: string[]; options: unknown },
  out: string,
  make: (out: string) => Promise<T>,
): Promise<T> {
  const dir = clipCacheDir();
  const key = dir ? recipeKey(recipe) : null;
  if (!dir || !key) return make(out);
  const clip = path.join(dir, `${key}.mp4`);
  const facts = path.join(dir, `${key}.json`);
  if (existsSync(clip) && existsSync(facts)) {
    const kept = JSON.parse(await readFile(facts, 'utf8')) as T;
    await copyFile(clip, out);
    const now = new Date();
    await utimes(clip, now, now).catch(() => undefined);
    return { ...kept, file: out };
  }
  const made = await make(out);
  await mkdir(dir, { recursive: true });
  // Written under names of this call, then renamed: two workers making the same clip at once never read half a
  // file, and the clip is renamed last, so a kept clip always has its facts.
  const tmp = `${randomBytes(6).toString('hex')}.${process.pid}.tmp`;
  await writeFile(`${facts}.${tmp}`, JSON.stringify({ ...made, file: '' }));
  await rename(`${facts}.${tmp}`, facts);
  await copyFile(out, `${clip}.${tmp}`);
  await rename(`${clip}.${tmp}`, clip);
  return made;
}

const sourceText = new Map<string, string | null>();

function recipeKey(recipe: { name: string; sources: string[]; options: unknown }) {
  const hash = createHash('sha256').update(
    `${recipe.name}\n${JSON.stringify(recipe.options ?? {})}\n${ffmpegPath()}\n`,
  );
  // This file too: how a clip is kept is part of what a kept one is.
  for (const file of [...recipe.sources, 'server/lib/kept-clips.ts']) {
    if (!sourceText.has(file)) {
      const p = path.resolve(file);
      sourceText.set(file, existsSync(p) ? readFileSync(p, 'utf8') : null);
    }
    const text = sourceText.get(file);
    if (text == null) return null;
    hash.update(`${file}\n${text}\n`);
  }
  return `${recipe.name}-${hash.digest('hex').slice(0, 20)}`;
}
