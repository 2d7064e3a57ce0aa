CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("email" || ' ' || "username" || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_user_page_idx" ON "players" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "analysis_requests_queue_page_idx" ON "analysis_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_player_page_idx" ON "videos" USING btree ("player_id","created_at","id");