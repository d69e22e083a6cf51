CREATE TABLE "wallet_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_library_identifier" text NOT NULL,
	"pass_type_identifier" text NOT NULL,
	"serial_number" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_registrations_device_pass_idx" ON "wallet_registrations" USING btree ("device_library_identifier","pass_type_identifier","serial_number");--> statement-breakpoint
CREATE INDEX "wallet_registrations_serial_idx" ON "wallet_registrations" USING btree ("pass_type_identifier","serial_number");