CREATE TABLE "airports" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"iata" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"comment_de" text,
	"comment_en" text,
	"directions_de" text DEFAULT '' NOT NULL,
	"directions_en" text DEFAULT '' NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"rating_id" text,
	"video_url" text,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "airports_slug_unique" UNIQUE("slug"),
	CONSTRAINT "airports_iata_unique" UNIQUE("iata")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"min_days" integer DEFAULT 1 NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"airport_ids" jsonb,
	CONSTRAINT "coupons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"question_de" text NOT NULL,
	"answer_de" text NOT NULL,
	"question_en" text NOT NULL,
	"answer_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"airport_id" integer NOT NULL,
	"name" text NOT NULL,
	"operator" text NOT NULL,
	"street" text NOT NULL,
	"street_number" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"distance_meters" integer NOT NULL,
	"transfer_minutes" integer NOT NULL,
	"opening_hours_de" text NOT NULL,
	"opening_hours_en" text NOT NULL,
	"arrival_instructions_de" text NOT NULL,
	"arrival_instructions_en" text NOT NULL,
	"return_instructions_de" text NOT NULL,
	"return_instructions_en" text NOT NULL,
	"features" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"tariff_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"day_prices" jsonb NOT NULL,
	"extra_day_price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"airport_id" integer NOT NULL,
	"tariff_id" integer NOT NULL,
	"user_id" integer,
	"entry_local" text NOT NULL,
	"exit_local" text NOT NULL,
	"entry_at" timestamp with time zone NOT NULL,
	"exit_at" timestamp with time zone NOT NULL,
	"billable_days" integer NOT NULL,
	"person_count" integer NOT NULL,
	"children_seat" integer NOT NULL,
	"bulky_baggage" text DEFAULT '' NOT NULL,
	"license_plate" text DEFAULT '' NOT NULL,
	"billing_address" jsonb NOT NULL,
	"invoice_address" jsonb,
	"payment_type" text NOT NULL,
	"coupon_code" text,
	"parking_cents" integer NOT NULL,
	"persons_cents" integer NOT NULL,
	"child_seats_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"guest_token_hash" text,
	"invoice_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_days" (
	"tariff_id" integer NOT NULL,
	"day" date NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"capacity" integer,
	CONSTRAINT "tariff_days_tariff_id_day_pk" PRIMARY KEY("tariff_id","day")
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"airport_id" integer NOT NULL,
	"parking_lot_id" integer NOT NULL,
	"category" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"included_persons" integer NOT NULL,
	"max_persons" integer NOT NULL,
	"extra_person_price" integer DEFAULT 0 NOT NULL,
	"child_seat_price" integer DEFAULT 0 NOT NULL,
	"max_child_seats" integer DEFAULT 0 NOT NULL,
	"allowed_bulky_baggage" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capacity" integer NOT NULL,
	"lead_time_minutes" integer DEFAULT 120 NOT NULL,
	"max_stay_days" integer DEFAULT 60 NOT NULL,
	"booking_horizon_days" integer DEFAULT 365 NOT NULL,
	"free_cancellation_hours" integer DEFAULT 24 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"gender" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "parking_lots" ADD CONSTRAINT "parking_lots_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_days" ADD CONSTRAINT "tariff_days_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_parking_lot_id_parking_lots_id_fk" FOREIGN KEY ("parking_lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parking_lots_airport_idx" ON "parking_lots" USING btree ("airport_id");--> statement-breakpoint
CREATE INDEX "price_lists_tariff_idx" ON "price_lists" USING btree ("tariff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_reference_idx" ON "reservations" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_invoice_number_idx" ON "reservations" USING btree ("invoice_number") WHERE "reservations"."invoice_number" is not null;--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tariffs_airport_idx" ON "tariffs" USING btree ("airport_id");