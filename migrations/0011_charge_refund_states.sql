ALTER TABLE "charge_states" ADD COLUMN "refunded_reported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_states" ADD COLUMN "refunds" jsonb DEFAULT '{}'::jsonb NOT NULL;