ALTER TABLE "coaches" ADD COLUMN "division" text;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "application_domain" text;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "approved_by_domain" text;--> statement-breakpoint
ALTER TABLE "college_athletics_domains" ADD COLUMN "include_subdomains" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "coaches_approved_by_domain_idx" ON "coaches" USING btree ("school_id","approved_by_domain") WHERE "coaches"."approved_by_domain" is not null;