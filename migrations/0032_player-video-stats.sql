CREATE TABLE "player_video_stats" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"highest_speed" numeric(4, 1),
	"highest_iga_score" numeric(4, 1),
	"total_videos" integer NOT NULL,
	"ready_videos" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_video_stats" ADD CONSTRAINT "player_video_stats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;