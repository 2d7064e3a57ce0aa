import {
  messageSchema,
  publicUserSchema,
  registerResponseSchema,
  resendVerificationSchema,
  verifyEmailSchema,
} from '../auth';
import { loginSchema, registerServerSchema, resetConfirmSchema, resetRequestSchema } from '../auth-forms';
import { defineEndpoint } from '../endpoint';

const tags = ['auth'];
const errors = [401, 403, 409, 429];

/** Registration, sessions, password reset and email verification (server/modules/auth). */
export const authApi = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/register',
    access: 'public',
    tags,
    body: registerServerSchema,
    response: registerResponseSchema,
    status: 201,
    errors,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    tags,
    body: loginSchema,
    response: publicUserSchema,
    errors,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    tags,
    response: messageSchema,
  }),
  user: defineEndpoint({
    method: 'GET',
    path: '/api/user',
    access: 'account',
    tags,
    response: publicUserSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/reset-password',
    access: 'public',
    tags,
    body: resetRequestSchema,
    response: messageSchema,
    errors,
  }),
  confirmReset: defineEndpoint({
    method: 'POST',
    path: '/api/reset-password/confirm',
    access: 'public',
    tags,
    body: resetConfirmSchema,
    response: messageSchema,
    errors,
  }),
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/verify-email',
    access: 'public',
    tags,
    body: verifyEmailSchema,
    response: messageSchema,
    errors,
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/api/auth/resend-verification',
    access: 'public',
    tags,
    body: resendVerificationSchema,
    response: messageSchema,
    errors,
  }),
};
