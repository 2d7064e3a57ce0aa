import path from 'node:path';
import { execTool, FfmpegError, ffmpegPath } from '../lib/ffmpeg';

/** Film of a play, drawn by ffmpeg: a striped field with yard lines and hash marks, players running, the camera following. */
export interface FilmVariant {
  /** Home and away colours: jersey, pants, helmet. */
  home: [string, string, string];
  away: [string, string, string];
  /** The play goes right to left (the picture is mirrored). */
  mirrored: boolean;
}

export const FILM_VARIANTS: FilmVariant[] = [
  { home: ['0x8c1d2b', '0xe8e2d0', '0xd9d9d9'], away: ['0xf4f4f4', '0x1b2a55', '0x1b2a55'], mirrored: false },
  { home: ['0x173f8a', '0xc9a227', '0xc9a227'], away: ['0xf4f4f4', '0x5a5a5a', '0x8c1d2b'], mirrored: true },
  { home: ['0x0f5132', '0xf4f4f4', '0xf4f4f4'], away: ['0xe35d12', '0x202020', '0x202020'], mirrored: false },
];

const FPS = 30;
const W = 1280;
const H = 270;
const VIEW = 480;
/** 16 px a yard: a white line every 5 yards, mowing stripes between them, hash marks every yard. */
const line = `lt(mod(X,80),3)+between(mod(X,16),0,1)*(between(Y,112,119)+between(Y,214,221))`;
const shade = (crowd: number, paint: number, even: number, odd: number) =>
  `if(lt(Y,44),${crowd}+45*random(1),if(lt(Y,49)+${line},${paint},if(mod(floor(X/80),2),${odd},${even})))`;
const FIELD = `geq=r='${shade(25, 235, 44, 52)}':g='${shade(25, 235, 112, 128)}':b='${shade(30, 235, 48, 58)}'`;

/** Where each player starts (px, feet), how fast they go (px/s) and for which side: the carrier first. */
const PLAYERS = [
  { x: 330, y: 190, vx: 150, vy: -4, side: 'home' },
  { x: 300, y: 150, vx: 130, vy: 6, side: 'home' },
  { x: 560, y: 120, vx: 60, vy: 18, side: 'away' },
  { x: 240, y: 222, vx: 135, vy: -6, side: 'away' },
  { x: 700, y: 200, vx: 20, vy: -5, side: 'away' },
] as const;

function playersGraph(v: FilmVariant, seconds: number) {
  const parts: string[] = [];
  let last = '[0:v]';
  let n = 0;
  const box = (w: number, h: number, color: string, x: string, y: string) => {
    parts.push(`color=c=${color}:s=${w}x${h}:r=${FPS}:d=${seconds}[s${n}]`);
    parts.push(`${last}[s${n}]overlay=x='${x}':y='${y}':eof_action=pass[o${n}]`);
    last = `[o${n}]`;
    n += 1;
  };
  for (const [i, p] of PLAYERS.entries()) {
    const [jersey, pants, helmet] = v[p.side];
    const x = `(${p.x}+${p.vx}*t)`;
    const y = `(${p.y}+${p.vy}*t)`;
    const stride = `3*sin(2*PI*2.6*t+${i})`;
    box(20, 6, 'black@0.35', `${x}-3`, `${y}-3`);
    box(6, 16, pants, `${x}+4+${stride}`, `${y}-16`);
    box(6, 16, pants, `${x}+8-${stride}`, `${y}-16`);
    box(18, 10, pants, x, `${y}-26`);
    box(18, 21, jersey, x, `${y}-47`);
    box(13, 12, helmet, `${x}+2`, `${y}-59`);
  }
  const [carrier] = PLAYERS;
  const camera = `min(max(0,${carrier.x}+${carrier.vx}*t-170),${W - VIEW})`;
  parts.push(
    `${last}crop=${VIEW}:${H}:x='${camera}':y=0${v.mirrored ? ',hflip' : ''},noise=alls=7:allf=t,format=yuv420p[v]`,
  );
  return parts.join(';');
}

const run = async (args: string[], what: string) => {
  const { code, stderr } = await execTool(ffmpegPath(), [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...args,
  ]);
  if (code !== 0) throw new FfmpegError(`${what} failed: ${stderr.split('\n').slice(-3).join(' ')}`);
};

/** Writes `film-<i>.mp4` into `dir`: about a second of ffmpeg for a few seconds of play. */
export async function makeDemoFilm(dir: string, variant: number, seconds = 4) {
  const v = FILM_VARIANTS[variant % FILM_VARIANTS.length];
  const field = path.join(dir, `field-${variant}.png`);
  const out = path.join(dir, `film-${variant}.mp4`);
  await run(
    ['-f', 'lavfi', '-i', `color=c=black:s=${W}x${H}:d=1,format=rgb24,${FIELD}`, '-frames:v', '1', field],
    'Field',
  );
  await run(
    [
      ...['-loop', '1', '-framerate', String(FPS), '-t', String(seconds), '-i', field],
      ...['-filter_complex', playersGraph(v, seconds), '-map', '[v]'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-movflags', '+faststart', '-an', out],
    ],
    'Demo film',
  );
  return out;
}
