import { defineEndpoint } from '../endpoint';
import {
  referralCodeParamsSchema,
  referralCompleteBodySchema,
  referralCompleteResponseSchema,
  referralDetailsSchema,
  referralErrorSchema,
  referralSendResponseSchema,
} from '../referrals';
import { referralSendSchema } from '../referrals-forms';

const tags = ['referrals'];
/** The registration page and the dialog read `error`: every error of these endpoints carries it. */
const errorBody = referralErrorSchema;
const errors = [401, 404, 409, 429];

/** Referral mails and codes (server/modules/referrals). */
export const referralsApi = {
  send: defineEndpoint({
    method: 'POST',
    path: '/api/referrals/send',
    access: 'user',
    tags,
    body: referralSendSchema,
    response: referralSendResponseSchema,
    status: 201,
    errors,
    errorBody,
  }),
  lookup: defineEndpoint({
    method: 'GET',
    path: '/api/referrals/:code',
    access: 'public',
    tags,
    params: referralCodeParamsSchema,
    response: referralDetailsSchema,
    errors,
    errorBody,
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/referrals/:code/complete',
    access: 'public',
    tags,
    params: referralCodeParamsSchema,
    body: referralCompleteBodySchema,
    response: referralCompleteResponseSchema,
    errors,
    errorBody,
  }),
};
