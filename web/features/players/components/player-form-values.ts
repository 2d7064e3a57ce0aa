import type { z } from 'zod';
import { PRIVATE_PLAYER_FIELDS, type Player } from '@contract/players';
import type { playerFormSchema } from '@contract/players-forms';

/** schoolUnlisted only drives the picker's 'Unverified' mark; the server decides what is verified. */
export type PlayerFormInput = z.input<typeof playerFormSchema> & { schoolUnlisted?: boolean };

/** The add form's defaults: 5 ft 0 in, 150 lbs, this year's class, +1. */
export function emptyPlayerForm(): PlayerFormInput {
  return {
    firstName: '',
    lastName: '',
    level: '' as never,
    school: '',
    schoolCity: '',
    schoolState: '',
    schoolUnlisted: false,
    graduationYear: new Date().getFullYear(),
    primaryPositionId: '',
    secondaryPositionId: '',
    gender: '' as never,
    dateOfBirth: '',
    photoUrl: null,
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    zipCode: '',
    county: '',
    email: '',
    phone: '',
    phoneCountryCode: '+1',
    hudlUrl: '',
    facebookUrl: '',
    xHandle: '',
    instagramHandle: '',
    gpa: '',
    satScore: '',
    actScore: '',
    heightFeet: 5,
    heightInches: 0,
    weightPounds: 150,
  };
}

export function playerToForm(p: Player): PlayerFormInput {
  return {
    ...emptyPlayerForm(),
    firstName: p.firstName,
    lastName: p.lastName,
    level: p.level as never,
    school: p.school,
    schoolCity: p.schoolCity ?? '',
    schoolState: p.schoolState ?? '',
    schoolUnlisted: !p.schoolVerified,
    graduationYear: p.graduationYear,
    primaryPositionId: p.primaryPositionId,
    secondaryPositionId: p.secondaryPositionId ?? '',
    gender: (p.gender ?? '') as never,
    dateOfBirth: p.dateOfBirth ?? '',
    photoUrl: p.photoUrl,
    addressLine1: p.addressLine1 ?? '',
    addressLine2: p.addressLine2 ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    zipCode: p.zipCode ?? '',
    county: p.county ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    phoneCountryCode: p.phoneCountryCode || '+1',
    hudlUrl: p.hudlUrl ?? '',
    facebookUrl: p.facebookUrl ?? '',
    xHandle: p.twitterHandle ?? '',
    instagramHandle: p.instagramHandle ?? '',
    gpa: p.gpa ?? '',
    satScore: p.satScore ?? '',
    actScore: p.actScore ?? '',
    heightFeet: Math.floor(p.heightInches / 12),
    heightInches: p.heightInches % 12,
    weightPounds: p.weight,
  };
}

/**
 * An admin's form on a family's player: without the birth date and contact details, which the answer
 * did not carry; the server keeps the stored ones (decision 197).
 */
export function withoutContact(v: PlayerFormInput): PlayerFormInput {
  const rest: Partial<PlayerFormInput> = { ...v };
  for (const f of PRIVATE_PLAYER_FIELDS) delete rest[f];
  return rest as PlayerFormInput;
}

/** The API names some fields differently from the form; its field errors land on the form's fields. */
export const WIRE_TO_FORM: Record<string, string> = {
  heightInches: 'heightFeet',
  weight: 'weightPounds',
  twitterHandle: 'xHandle',
};
