ALTER TABLE "users" DROP COLUMN "credits";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "iga_credits";--> statement-breakpoint
ALTER TABLE "credit_transactions" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "credit_transactions" DROP COLUMN "iga_amount";