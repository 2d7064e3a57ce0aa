ALTER TABLE "users" ADD COLUMN "credit_balances" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "amounts" jsonb DEFAULT '{}'::jsonb NOT NULL;