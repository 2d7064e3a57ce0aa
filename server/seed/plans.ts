import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { plans } from '../db/schema';

type PlanSeed = Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Prices and credits are decision 031; Premium at $89 a year is the specification's own figure. */
export const PLAN_SEEDS: PlanSeed[] = [
  {
    key: 'economy',
    name: 'Economy',
    type: 'subscription',
    rank: 1,
    stars: 1,
    priceUsd: 29,
    interval: 'year',
    description: 'Get started with a verified Max Speed for one athlete.',
    maxSpeedVideosPerYear: 2,
    igaPerYear: 1,
    videoStorageLimit: 5,
    features: [
      '2 Max Speed verifications per year',
      '1 IGA Score per year',
      'Verified results on the player card',
      'Leaderboard ranking',
    ],
  },
  {
    key: 'basic',
    name: 'Basic',
    type: 'subscription',
    rank: 2,
    stars: 2,
    priceUsd: 49,
    interval: 'year',
    description: 'Track progress through the season.',
    maxSpeedVideosPerYear: 4,
    igaPerYear: 2,
    videoStorageLimit: 10,
    features: [
      '4 Max Speed verifications per year',
      '2 IGA Scores per year',
      'Speed and IGA progression charts',
      'Leaderboard ranking',
    ],
  },
  {
    key: 'standard',
    name: 'Standard',
    type: 'subscription',
    rank: 3,
    stars: 3,
    priceUsd: 69,
    interval: 'year',
    description: 'For athletes preparing for recruiting.',
    maxSpeedVideosPerYear: 6,
    igaPerYear: 3,
    videoStorageLimit: 25,
    features: [
      '6 Max Speed verifications per year',
      '3 IGA Scores per year',
      'Position-specific IGA metrics',
      'Speed and IGA progression charts',
    ],
  },
  {
    key: 'premium',
    name: 'Premium',
    type: 'subscription',
    rank: 4,
    stars: 4,
    priceUsd: 89,
    interval: 'year',
    description: 'Everything, for the whole recruiting year.',
    maxSpeedVideosPerYear: 10,
    igaPerYear: 5,
    videoStorageLimit: 50,
    features: [
      '10 Max Speed verifications per year',
      '5 IGA Scores per year',
      'Lowest price per credit',
      'Position-specific IGA metrics',
    ],
  },
  {
    key: 'speed-single',
    name: 'Max Speed Single',
    type: 'one_time',
    rank: 1,
    stars: 1,
    priceUsd: 15,
    interval: null,
    description: 'One verified Max Speed analysis.',
    maxSpeedVideosPerYear: 1,
    igaPerYear: 0,
    videoStorageLimit: 0,
    features: ['1 Max Speed verification', 'Credits never expire'],
  },
  {
    key: 'iga-single',
    name: 'IGA Score Single',
    type: 'one_time',
    rank: 2,
    stars: 1,
    priceUsd: 19,
    interval: null,
    description: 'One IGA Score athleticism analysis.',
    maxSpeedVideosPerYear: 0,
    igaPerYear: 1,
    videoStorageLimit: 0,
    features: ['1 IGA Score analysis', 'Credits never expire'],
  },
  {
    key: 'combo-pack',
    name: 'Combo Pack',
    type: 'one_time',
    rank: 3,
    stars: 2,
    priceUsd: 59,
    interval: null,
    description: 'Three Max Speed and two IGA Score analyses.',
    maxSpeedVideosPerYear: 3,
    igaPerYear: 2,
    videoStorageLimit: 0,
    features: ['3 Max Speed verifications', '2 IGA Score analyses', 'Credits never expire'],
  },
];

/** Plans and one-time products, kept in line with PLAN_SEEDS on every start; provider price ids are left alone. */
export async function seedPlans(db: Db) {
  for (const p of PLAN_SEEDS) {
    await db
      .insert(plans)
      .values(p)
      .onConflictDoUpdate({
        target: plans.key,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          type: sql`excluded.type`,
          rank: sql`excluded.rank`,
          stars: sql`excluded.stars`,
          priceUsd: sql`excluded.price_usd`,
          interval: sql`excluded.interval`,
          maxSpeedVideosPerYear: sql`excluded.max_speed_videos_per_year`,
          igaPerYear: sql`excluded.iga_per_year`,
          videoStorageLimit: sql`excluded.video_storage_limit`,
          features: sql`excluded.features`,
        },
      });
  }
}
