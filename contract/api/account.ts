import { accountExportSchema, deleteAccountSchema } from '../account';
import { messageSchema } from '../auth';
import { defineEndpoint } from '../endpoint';

const tags = ['account'];

/** The family's data export and account deletion (server/modules/account). */
export const accountApi = {
  export: defineEndpoint({
    method: 'GET',
    path: '/api/account/export',
    access: 'account',
    tags,
    response: accountExportSchema,
    summary:
      'Downloads everything held about the signed-in family as JSON; files as links (videos signed for 7 days)',
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/account',
    access: 'account',
    tags,
    body: deleteAccountSchema,
    response: messageSchema,
    errors: [409],
    summary: 'Deletes the signed-in account with its players, requests, videos and files (password required)',
  }),
};
