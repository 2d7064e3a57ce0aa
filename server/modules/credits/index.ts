export { grantCredits, spendCredit, type LedgerType } from './credits.service';
