export * from './auth';
export * from './players';
export * from './analysis';
export * from './billing';
export * from './leaderboard';
export * from './limits';
export * from './measurements';
export * from './referral-reservations';
