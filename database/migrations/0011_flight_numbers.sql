ALTER TABLE "reservations" ADD COLUMN "outbound_flight_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "return_flight_number" text DEFAULT '' NOT NULL;