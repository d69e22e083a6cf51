CREATE TABLE "reservation_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"travel" jsonb NOT NULL,
	"price" jsonb NOT NULL,
	"difference_cents" integer NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "reservation_changes_difference_positive" CHECK ("reservation_changes"."difference_cents" > 0),
	CONSTRAINT "reservation_changes_status_check" CHECK ("reservation_changes"."status" in ('pending', 'applied', 'released'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "change_id" integer;--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_changes_one_pending_idx" ON "reservation_changes" USING btree ("reservation_id") WHERE "reservation_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reservation_changes_hold_idx" ON "reservation_changes" USING btree ("hold_until") WHERE "reservation_changes"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_change_id_reservation_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."reservation_changes"("id") ON DELETE no action ON UPDATE no action;