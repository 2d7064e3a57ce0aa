export { default } from './auth.routes';
export { endOtherSessions, sessionStore } from './auth.repository';
export { escapeHtml } from './auth.mail';
export { requestEmailChange } from './email-change';
export { toPublicUser } from './public-user';
export { issueVerification, normalizeEmail } from './auth.service';
export { signUpAttemptMail } from './auth.mail';
