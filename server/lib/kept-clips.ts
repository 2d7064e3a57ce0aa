import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
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
  if (!pruned.has(dir)) pruned.set(dir, pruneOld(dir));
  await pruned.get(dir);
  const clip = path.join(dir, `${key}.mp4`);
  const facts = path.join(dir, `${key}.json`);
  const kept = await copyKept<T>(clip, facts, out);
  if (kept) {
    // Used now: kept another week (`pruneOld`).
    const now = new Date();
    for (const f of [clip, facts]) await utimes(f, now, now).catch(() => undefined);
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
const pruned = new Map<string, Promise<void>>();
const WEEK_MS = 7 * 24 * 3600_000;
const HOUR_MS = 3600_000;
let version: string | undefined;
/** The encoder itself (its version and build), not only its path: an upgraded ffmpeg draws other bytes. */
function ffmpegVersion() {
  version ??= execFileSync(ffmpegPath(), ['-version'], { encoding: 'utf8' });
  return version;
}

/** The kept clip copied to `out` with its facts; null where none is kept (or another process removed it). */
async function copyKept<T>(clip: string, facts: string, out: string): Promise<T | null> {
  try {
    const kept = JSON.parse(await readFile(facts, 'utf8')) as T;
    await copyFile(clip, out);
    return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Once a process: kept clips not used for a week go (a generator's edit leaves its old recipes unused), and
 * half-written files of a call that died (over an hour old). A file another process removes first is no matter.
 */
async function pruneOld(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    const file = path.join(dir, name);
    const age = now - ((await stat(file).catch(() => null))?.mtimeMs ?? now);
    if (age > (name.endsWith('.tmp') ? HOUR_MS : WEEK_MS)) await rm(file, { force: true });
  }
}

function recipeKey(recipe: { name: string; sources: string[]; options: unknown }) {
  const hash = createHash('sha256').update(
    `${recipe.name}\n${JSON.stringify(recipe.options ?? {})}\n${ffmpegVersion()}\n`,
  );
  // This file too: how a clip is kept is part of what a kept one is.
  for (const file of [...recipe.sources, 'server/lib/kept-clips.ts', 'server/lib/ffmpeg.ts']) {
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
