export { anyNegativeBalance, grantCredits, spendCredit, type LedgerType } from './credits.service';
