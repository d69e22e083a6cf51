CREATE TABLE "handover_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"message" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"closing_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handover_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"label" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "handover_photos_label_check" CHECK ("handover_photos"."label" in ('front', 'back', 'left', 'right', 'odometer', 'extra'))
);
--> statement-breakpoint
CREATE TABLE "handover_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"odometer_km" integer,
	"fuel_eighths" integer,
	"charge_percent" integer,
	"parking_space" text DEFAULT '' NOT NULL,
	"damage_notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "handover_records_kind_check" CHECK ("handover_records"."kind" in ('entry', 'exit')),
	CONSTRAINT "handover_records_odometer_check" CHECK ("handover_records"."odometer_km" is null or "handover_records"."odometer_km" between 0 and 2000000),
	CONSTRAINT "handover_records_fuel_check" CHECK ("handover_records"."fuel_eighths" is null or "handover_records"."fuel_eighths" between 0 and 8),
	CONSTRAINT "handover_records_charge_check" CHECK ("handover_records"."charge_percent" is null or "handover_records"."charge_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "handover_requirements" (
	"category" text PRIMARY KEY NOT NULL,
	"photos_required" boolean NOT NULL,
	"odometer_required" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_requirements_category_check" CHECK ("handover_requirements"."category" in ('shuttle', 'valet', 'terminal'))
);
--> statement-breakpoint
ALTER TABLE "handover_disputes" ADD CONSTRAINT "handover_disputes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_disputes" ADD CONSTRAINT "handover_disputes_closed_by_staff_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_photos" ADD CONSTRAINT "handover_photos_record_id_handover_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."handover_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_disputes_open_idx" ON "handover_disputes" USING btree ("reservation_id") WHERE "handover_disputes"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_photos_storage_key_idx" ON "handover_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "handover_photos_record_idx" ON "handover_photos" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_records_reservation_kind_idx" ON "handover_records" USING btree ("reservation_id","kind");--> statement-breakpoint
INSERT INTO "handover_requirements" ("category", "photos_required", "odometer_required") VALUES ('valet', true, true), ('shuttle', false, false), ('terminal', false, false);
