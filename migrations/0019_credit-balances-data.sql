-- Custom SQL migration file, put your code below! --
-- The two balance columns and the two ledger amounts become one balance and one amount per credit kind (decision 203).
UPDATE "users" SET "credit_balances" = jsonb_build_object('max_speed', "credits", 'iga', "iga_credits");--> statement-breakpoint
UPDATE "credit_transactions" SET "amounts" = (
  CASE WHEN "amount" <> 0 THEN jsonb_build_object('max_speed', "amount") ELSE '{}'::jsonb END
  || CASE WHEN "iga_amount" <> 0 THEN jsonb_build_object('iga', "iga_amount") ELSE '{}'::jsonb END
);
