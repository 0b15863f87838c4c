CREATE TABLE "feedback_mail" (
	"feedback_id" integer PRIMARY KEY NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "feedback_mail" ADD CONSTRAINT "feedback_mail_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_mail_mailed_idx" ON "feedback_mail" USING btree ("mailed_at");