import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { COACH_VERIFIED_ADMIN, COACH_VERIFIED_DOMAIN } from '../../../contract/coach';
import { RESET_TOKEN_HOURS, VERIFY_TOKEN_HOURS } from '../../../contract/constants';
import type { Db } from '../../db/client';
import { coaches, passwordResetTokens, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enqueueMail } from '../../lib/mail-jobs';
import type { Mailer } from '../../lib/mailer';
import { burnPasswordTime, hashPassword, verifyPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { resetMail, verificationMail } from './auth.mail';
import { confirmEmailChange } from './email-change';
import { revokeSessions } from './auth.repository';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

const HOUR = 60 * 60 * 1000;
export const normalizeEmail = (e: string) => e.trim().toLowerCase();

export const REGISTERED_MESSAGE = 'Registration successful. Please check your email to verify your account.';
const RESET_MESSAGE = 'If an account exists for that email, you will receive password reset instructions.';
const RESEND_MESSAGE = 'A new verification email has been sent. Please check your inbox.';

export async function issueVerification(deps: AuthDeps, user: typeof users.$inferSelect) {
  const token = newToken();
  await deps.db
    .update(users)
    .set({
      emailVerificationToken: hashToken(token),
      emailVerificationExpires: new Date(Date.now() + VERIFY_TOKEN_HOURS * HOUR),
    })
    .where(eq(users.id, user.id));
  await enqueueMail(deps.db, verificationMail(deps.appUrl, user.email, user.firstName, token));
}

/** Same 401 for an unknown account and a wrong password, after the same amount of work. */
export async function checkCredentials(db: Db, username: string, password: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.username, normalizeEmail(username)));
  if (!user) {
    await burnPasswordTime(password);
    throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password');
  }
  if (!(await verifyPassword(password, user.password))) {
    throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password');
  }
  if (!user.isEmailVerified) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email before logging in.');
  }
  return user;
}

export async function recordLogin(db: Db, userId: number) {
  const [user] = await db
    .update(users)
    .set({
      loginCount: sql`${users.loginCount} + 1`,
      firstLoginAt: sql`coalesce(${users.firstLoginAt}, now())`,
      lastLoginAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

export async function verifyEmail(db: Db, token: string, email: string) {
  const changed = await confirmEmailChange(db, token, email);
  if (changed) return changed;
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  const matches = user && user.emailVerificationToken === hashToken(token);
  if (!user || !matches)
    throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired.');
  if (user.isEmailVerified) return { message: 'Your email is already verified. You can log in.' };
  if (!user.emailVerificationExpires || user.emailVerificationExpires.getTime() < Date.now()) {
    throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired.');
  }
  // The hash stays so a second click on the same link reads "already verified"; the expiry goes.
  await db
    .update(users)
    .set({ isEmailVerified: true, emailVerificationExpires: null })
    .where(eq(users.id, user.id));
  if (user.role === 'coach') return { message: await coachVerifiedMessage(db, user.id) };
  return { message: 'Email verified successfully. You can now log in.' };
}

/**
 * A coach is approved by an admin, or by an athletics domain an admin curated, which the coach module
 * checks again at the first coach request (decision 238): the page says which to expect. Read from the
 * table, not the coach module, which imports this one.
 */
async function coachVerifiedMessage(db: Db, userId: number) {
  const [row] = await db
    .select({ applicationDomain: coaches.applicationDomain })
    .from(coaches)
    .where(eq(coaches.userId, userId));
  return row?.applicationDomain ? COACH_VERIFIED_DOMAIN : COACH_VERIFIED_ADMIN;
}

/** Answers the same whether or not the account exists or is verified. */
export async function resendVerification(deps: AuthDeps, email: string) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (user && !user.isEmailVerified) await issueVerification(deps, user);
  return { message: RESEND_MESSAGE };
}

export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (user) {
    const token = newToken();
    await deps.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_HOURS * HOUR),
    });
    await enqueueMail(deps.db, resetMail(deps.appUrl, user.email, token));
  }
  return { message: RESET_MESSAGE };
}

/** Single use: the token is claimed in the same statement that checks it. Every session of the user ends. */
export async function confirmPasswordReset(db: Db, token: string, email: string, password: string) {
  const invalidLink = () =>
    new AppError('INVALID_TOKEN', 'This reset link is invalid or has expired. Please request a new one.');
  // Hashing costs 128 MiB and a core for a moment: a wrong link must not get that far.
  const [live] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        eq(users.email, normalizeEmail(email)),
      ),
    );
  if (!live) throw invalidLink();
  const hashed = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    const [user] = claimed ? await tx.select().from(users).where(eq(users.id, claimed.userId)) : [];
    if (!claimed || !user || user.email !== normalizeEmail(email)) throw invalidLink();
    // Following the emailed link proves the address, so it also counts as verification.
    await tx.update(users).set({ password: hashed, isEmailVerified: true }).where(eq(users.id, user.id));
    // Other links sent before this one must not reopen the account.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await revokeSessions(tx, eq(sessions.userId, user.id));
    return { message: 'Your password has been updated. You can now log in.' };
  });
}
