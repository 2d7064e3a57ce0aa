CREATE TABLE "referral_reservations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"referral_id" integer,
	"checkout_session_id" text,
	"held_at" timestamp with time zone,
	"spent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_reservations" ADD CONSTRAINT "referral_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reservations" ADD CONSTRAINT "referral_reservations_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;