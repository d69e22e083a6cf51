CREATE TABLE "price_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"reservation_id" integer,
	"airport_id" integer NOT NULL,
	"entry_local" text NOT NULL,
	"exit_local" text NOT NULL,
	"locale" text NOT NULL,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_token_expires_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"baseline_cents" integer,
	"last_mailed_cents" integer,
	"last_mailed_at" timestamp with time zone,
	"last_checked_cents" integer,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_watches_stay_idx" ON "price_watches" USING btree ("email","airport_id","entry_local","exit_local");--> statement-breakpoint
CREATE UNIQUE INDEX "price_watches_confirm_idx" ON "price_watches" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "price_watches_unsubscribe_idx" ON "price_watches" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "price_watches_airport_idx" ON "price_watches" USING btree ("airport_id","status");