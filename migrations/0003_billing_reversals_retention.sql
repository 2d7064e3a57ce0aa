CREATE TABLE "charge_states" (
	"charge_id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text,
	"user_id" integer,
	"grant_id" integer,
	"livemode" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"dispute_id" text,
	"dispute_status" text,
	"dispute_amount" integer DEFAULT 0 NOT NULL,
	"dispute_reason" text,
	"credits_taken" integer DEFAULT 0 NOT NULL,
	"iga_taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_credits_nonnegative";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_iga_credits_nonnegative";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_states" ADD CONSTRAINT "charge_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_states" ADD CONSTRAINT "charge_states_grant_id_credit_transactions_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_states_user_idx" ON "charge_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "charge_states_payment_intent_idx" ON "charge_states" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_transactions_user_id_idx" ON "credit_transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "stripe_events_created_idx" ON "stripe_events" USING btree ("created_at");