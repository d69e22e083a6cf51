CREATE TABLE "flight_delays" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"flight_number" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"scheduled_arrival_local" text,
	"arrival_local" text,
	"delay_minutes" integer DEFAULT 0 NOT NULL,
	"expected_exit_local" text NOT NULL,
	"covered_until_local" text,
	"settled" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"mailed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_delays_status_check" CHECK ("flight_delays"."status" in ('on_time', 'delayed', 'cancelled')),
	CONSTRAINT "flight_delays_source_check" CHECK ("flight_delays"."source" in ('provider', 'customer'))
);
--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_confirmed_by_staff_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flight_delays_reservation_idx" ON "flight_delays" USING btree ("reservation_id");