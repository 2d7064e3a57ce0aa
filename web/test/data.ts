import { publicUserSchema, type PublicUser } from '@contract/auth';
import { playerSchema, positionSchema, type Player, type Position } from '@contract/players';
import { videoListSchema, videoSchema, type Video, type VideoList } from '@contract/videos';
import { queueItemSchema, type QueueItem } from '@contract/analysis';
import { videoMediaSchema, type VideoMedia } from '@contract/measurements';
import { billingHistoryItemSchema, type BillingHistoryItem } from '@contract/billing-history';
import { leaderboardPageSchema, type LeaderboardPage } from '@contract/leaderboard';

// Every answer the handlers give is parsed by the contract's own schema: a contract change breaks here, loudly.
const at = '2026-01-15T12:00:00.000Z';

export const aUser = (over: Partial<PublicUser> = {}): PublicUser =>
  publicUserSchema.parse({
    id: 1,
    username: 'parent@test.dev',
    email: 'parent@test.dev',
    firstName: 'Pat',
    lastName: 'Parent',
    role: 'user',
    credits: 1,
    igaCredits: 1,
    stripeCustomerId: null,
    hasActiveSubscription: false,
    isEmailVerified: true,
    plan: null,
    subscription: null,
    loginCount: 1,
    firstLoginAt: at,
    lastLoginAt: at,
    createdAt: at,
    pendingEmail: null,
    ...over,
  });

export const positions: Position[] = [
  { id: 1, name: 'Quarterback', key: 'QB', isActive: true },
  { id: 2, name: 'Wide Receiver', key: 'WR', isActive: true },
].map((p) => positionSchema.parse(p));

export const aPlayer = (over: Partial<Player> = {}): Player =>
  playerSchema.parse({
    id: 7,
    userId: 1,
    firstName: 'Jordan',
    lastName: 'Miles',
    primaryPositionId: 1,
    secondaryPositionId: 2,
    level: 'High School',
    school: 'Westlake High School',
    schoolCity: 'Austin',
    schoolState: 'TX',
    schoolVerified: true,
    graduationYear: 2027,
    gender: 'Male',
    photoUrl: null,
    heightInches: 73,
    weight: 185,
    city: 'Austin',
    state: 'TX',
    county: 'Travis',
    hudlUrl: 'https://www.hudl.com/profile/1',
    facebookUrl: null,
    twitterHandle: 'jmiles',
    instagramHandle: 'jmiles',
    gpa: 3.5,
    satScore: null,
    actScore: null,
    createdAt: at,
    updatedAt: at,
    dateOfBirth: '2009-05-01',
    addressLine1: '1 Main St',
    addressLine2: null,
    zipCode: '78701',
    email: 'jordan@test.dev',
    phone: '5125550100',
    phoneCountryCode: '+1',
    ...over,
  });

/** A ready video of Jordan (player 7) as quarterback, nothing measured yet. */
export const aVideo = (over: Partial<Video> = {}): Video =>
  videoSchema.parse({
    id: 1,
    playerId: 7,
    name: null,
    url: null,
    thumbnail: null,
    status: 'ready',
    maxSpeed: null,
    maxSpeedPlusMinus: null,
    methodLabel: null,
    igaScore: null,
    distance: null,
    avgTransition: null,
    durationSeconds: null,
    positionId: 1,
    positionKey: 'QB',
    season: 2026,
    analysisRequestId: null,
    createdAt: '2026-09-01T12:00:00.000Z',
    ...over,
  });

/** A 640x360 H.264 clip at 29.97 fps, `frames` frames long, read and ready to measure (video 9). */
export const aVideoMedia = (frames: number, over: Partial<VideoMedia> = {}): VideoMedia => {
  const frameTimes = Array.from({ length: frames }, (_, i) => i / 29.97);
  return videoMediaSchema.parse({
    videoId: 9,
    status: 'ready',
    error: null,
    sha256: 'a'.repeat(64),
    container: 'mov,mp4',
    codec: 'h264',
    width: 640,
    height: 360,
    rotation: 0,
    timeBase: '1/30000',
    nominalFps: '30000/1001',
    averageFps: '30000/1001',
    frameCount: frames,
    durationSeconds: Math.round(frames / 29.97),
    variableFrameRate: false,
    workingUrl: null,
    workingSha256: 'a'.repeat(64),
    workingCodec: 'h264',
    hasWorkingCopy: false,
    frameTimes,
    ...over,
  });
};

export const emptyVideoList = (): VideoList =>
  videoListSchema.parse({
    videos: [],
    stats: { highestSpeed: null, highestIgaScore: null, totalVideos: 0, readyVideos: 0 },
  });

export const aQueueItem = (over: Partial<QueueItem> = {}): QueueItem =>
  queueItemSchema.parse({
    id: 41,
    requestType: 'max_speed',
    season: 2026,
    status: 'pending',
    createdAt: at,
    playerId: 7,
    playerFirstName: 'Jordan',
    playerLastName: 'Miles',
    playerLevel: 'High School',
    positionId: 1,
    positionName: 'Quarterback',
    hudlUrl: 'https://www.hudl.com/profile/1',
    startTime: null,
    notes: null,
    sourceVideoId: null,
    ...over,
  });

export const aLedgerRow = (over: Partial<BillingHistoryItem> = {}): BillingHistoryItem =>
  billingHistoryItemSchema.parse({
    id: 3,
    type: 'purchase',
    label: 'Starter package',
    description: '1 Max Speed credit',
    credits: 1,
    igaCredits: 0,
    amountCents: 4900,
    currency: 'usd',
    createdAt: at,
    testCheckoutUrl: null,
    ...over,
  });

export const leaderboardPage = (over: Partial<LeaderboardPage> = {}): LeaderboardPage =>
  leaderboardPageSchema.parse({ entries: [], hasMore: false, percentileGroup: null, ...over });
