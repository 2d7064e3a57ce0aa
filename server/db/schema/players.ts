import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './common';

export const positions = pgTable('positions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    primaryPositionId: integer('primary_position_id')
      .notNull()
      .references(() => positions.id),
    secondaryPositionId: integer('secondary_position_id').references(() => positions.id),
    level: text('level').notNull(),
    school: text('school').notNull(),
    // The picked school's town; a school typed under 'My school is not listed' is stored unverified.
    schoolCity: text('school_city'),
    schoolState: text('school_state'),
    schoolVerified: boolean('school_verified').notNull().default(true),
    graduationYear: integer('graduation_year').notNull(),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth'),
    photoUrl: text('photo_url'),
    heightInches: integer('height_inches').notNull(),
    weight: integer('weight').notNull(),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    county: text('county'),
    hudlUrl: text('hudl_url'),
    facebookUrl: text('facebook_url'),
    twitterHandle: text('twitter_handle'),
    instagramHandle: text('instagram_handle'),
    email: text('email'),
    phone: text('phone'),
    phoneCountryCode: text('phone_country_code'),
    gpa: numeric('gpa', { precision: 3, scale: 2, mode: 'number' }),
    satScore: integer('sat_score'),
    actScore: integer('act_score'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('players_user_idx').on(t.userId),
    index('players_user_page_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    alias: text('alias'),
    /** A college's IPEDS unit id and website host (www. dropped): a coach's email domain is checked against it. */
    ipedsId: integer('ipeds_id'),
    website: text('website'),
    // ' name | city state | alias ' normalised (St./Saint, accents, punctuation) for word-start search.
    searchText: text('search_text'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('schools_identity').on(t.level, t.name, t.city, t.state),
    index('schools_ipeds_idx').on(t.ipedsId),
    index('schools_level_name_prefix_idx').on(t.level, sql`lower(${t.name}) text_pattern_ops`),
    index('schools_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('schools_alias_trgm_idx').using('gin', sql`lower(${t.alias}) gin_trgm_ops`),
    index('schools_search_prefix_idx').on(t.level, sql`${t.searchText} text_pattern_ops`),
    index('schools_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Which version of a shipped data set (the school directory) this database holds; loads are skipped when equal. */
export const referenceData = pgTable('reference_data', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  createdAt: createdAt(),
});
