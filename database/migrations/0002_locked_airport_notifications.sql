CREATE TABLE "locked_airport_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"airport_id" integer NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "locked_airport_notifications" ADD CONSTRAINT "locked_airport_notifications_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locked_airport_notifications_unique_idx" ON "locked_airport_notifications" USING btree ("airport_id","email");