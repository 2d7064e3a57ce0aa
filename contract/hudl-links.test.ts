import { describe, expect, it } from 'vitest';
import { igaRequestFormSchema, speedRequestFormSchema } from './analysis-forms';
import {
  HUDL_URL_INVALID,
  HUDL_VIDEO_ONLY,
  HUDL_VIDEO_OR_CLIP,
  isHudlVideoUrl,
  PLAY_SOURCE_MISSING,
} from './hudl-links';

describe('which Hudl links an analyst can measure', () => {
  it.each([
    'https://www.hudl.com/video/3/4927189/5721d64c4df6124b70241827',
    'http://www.hudl.com/video/3/4927189/5721d64c4df6124b70241827',
    'https://hudl.com/video/58407c8402b1c80ee42b7112',
    'https://www.hudl.com/video/3/4927189/5721d64c4df6124b70241827/?t=23#play',
    'https://www.hudl.com/embed/video/2/406080/60860fcc02b1891750b467cb',
    'https://www.hudl.com/v/Tqusi',
    'https://www.hudl.com/athlete/4927189/highlights/309644377',
    'https://www.hudl.com/embed/athlete/15370417/highlights/5fdd6cc8b3d2ee108cc3709f',
    'HTTPS://WWW.HUDL.COM/VIDEO/3/4927189/5721D64C',
  ])('accepts the video %s', (url) => {
    expect(isHudlVideoUrl(url)).toBe(true);
  });

  it.each([
    ['a profile page', 'https://www.hudl.com/profile/12345/Jordan-Miles'],
    ['a YouTube video', 'https://www.youtube.com/watch?v=LJNfHqRRhBI'],
    ['the bare video folder', 'https://www.hudl.com/video/'],
    ['a segment after the video', 'https://www.hudl.com/video/3/4927189/5721d64c/extra'],
    ['a look-alike host', 'https://www.hudl.com.example.org/video/3/1/abc'],
    ['another Hudl host', 'https://fan.hudl.com/video/3/1/abc'],
    ['a team page', 'https://www.hudl.com/team/v2/12345/Varsity-Football'],
    ['a short link with nothing after it', 'https://www.hudl.com/v/'],
    ['credentials in the address', 'https://user:pw@www.hudl.com/video/3/1/abc'],
    ['another scheme', 'ftp://www.hudl.com/video/3/1/abc'],
    ['no address at all', 'hudl video'],
  ])('refuses %s', (_what, url) => {
    expect(isHudlVideoUrl(url)).toBe(false);
  });
});

const speed = { startTime: '00:23', season: 2025, positionId: 1 };
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('the request forms say what to give', () => {
  it('a speed request takes a Hudl video, a library clip, or both', () => {
    const link = 'https://www.hudl.com/video/3/1/abc';
    expect(speedRequestFormSchema.safeParse({ ...speed, hudlUrl: link }).success).toBe(true);
    expect(speedRequestFormSchema.parse({ ...speed, hudlUrl: '', videoId: 4 })).toMatchObject({
      hudlUrl: '',
      videoId: 4,
    });
    expect(speedRequestFormSchema.parse({ ...speed, videoId: 4 }).hudlUrl).toBe('');
    expect(speedRequestFormSchema.safeParse({ ...speed, hudlUrl: link, videoId: 4 }).success).toBe(true);
  });

  it('a speed request with a profile page, another site or nothing is refused on the link field', () => {
    const profile = 'https://www.hudl.com/profile/12345';
    expect(messages(speedRequestFormSchema.safeParse({ ...speed, hudlUrl: profile }))).toEqual({
      hudlUrl: HUDL_VIDEO_OR_CLIP,
    });
    expect(
      messages(speedRequestFormSchema.safeParse({ ...speed, hudlUrl: 'https://youtu.be/LJNfHqRRhBI' })),
    ).toEqual({ hudlUrl: HUDL_VIDEO_OR_CLIP });
    // A clip does not excuse a wrong link: the family meant the link.
    expect(messages(speedRequestFormSchema.safeParse({ ...speed, hudlUrl: profile, videoId: 4 }))).toEqual({
      hudlUrl: HUDL_VIDEO_OR_CLIP,
    });
    expect(messages(speedRequestFormSchema.safeParse({ ...speed, hudlUrl: '  ' }))).toEqual({
      hudlUrl: PLAY_SOURCE_MISSING,
    });
    expect(messages(speedRequestFormSchema.safeParse({ ...speed, hudlUrl: '', startTime: '1:5' }))).toEqual({
      hudlUrl: PLAY_SOURCE_MISSING,
      startTime: 'Please enter time in MM:SS format',
    });
    expect(messages(speedRequestFormSchema.safeParse({ ...speed, hudlUrl: 'not a url' }))).toEqual({
      hudlUrl: HUDL_URL_INVALID,
    });
  });

  it('an IGA request needs a Hudl video link', () => {
    const iga = { season: 2025, positionId: 1 };
    expect(igaRequestFormSchema.safeParse({ ...iga, hudlUrl: 'https://www.hudl.com/v/Tqusi' }).success).toBe(
      true,
    );
    expect(
      messages(igaRequestFormSchema.safeParse({ ...iga, hudlUrl: 'https://www.hudl.com/profile/1' })),
    ).toEqual({ hudlUrl: HUDL_VIDEO_ONLY });
    expect(messages(igaRequestFormSchema.safeParse({ ...iga, hudlUrl: '' }))).toEqual({
      hudlUrl: HUDL_URL_INVALID,
    });
  });
});
