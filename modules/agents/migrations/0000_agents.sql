-- The impersonations table moved here from the clients module, whose first migration created it. A database
-- migrated before the move has it (with its rows, constraints and indexes) and keeps it; a new one gets it here.
-- Every statement is therefore conditional, so this runs right before or after the clients migrations.
CREATE TABLE IF NOT EXISTS "impersonations" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_user_id" integer NOT NULL,
	"target_user_id" integer NOT NULL,
	"admin_session_id" integer,
	"session_id" integer,
	"ip" text,
	"user_agent" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'impersonations_admin_user_id_users_id_fk') THEN
    ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'impersonations_target_user_id_users_id_fk') THEN
    ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'impersonations_admin_session_id_sessions_id_fk') THEN
    ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_admin_session_id_sessions_id_fk" FOREIGN KEY ("admin_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;
  END IF;
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'impersonations_session_id_sessions_id_fk') THEN
    ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "impersonations_session" ON "impersonations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "impersonations_admin_idx" ON "impersonations" USING btree ("admin_user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "impersonations_target_idx" ON "impersonations" USING btree ("target_user_id");