CREATE TABLE "overstay_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"extra_days" integer NOT NULL,
	"exit_local" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_method" text,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"link_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overstay_charges_amount_positive" CHECK ("overstay_charges"."amount_cents" > 0),
	CONSTRAINT "overstay_charges_status_check" CHECK ("overstay_charges"."status" in ('open', 'paid')),
	CONSTRAINT "overstay_charges_paid_check" CHECK (("overstay_charges"."status" = 'open') = ("overstay_charges"."paid_method" is null) and "overstay_charges"."paid_method" in ('cash', 'card', 'online'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "overstay_id" integer;--> statement-breakpoint
ALTER TABLE "overstay_charges" ADD CONSTRAINT "overstay_charges_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overstay_charges" ADD CONSTRAINT "overstay_charges_paid_by_staff_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "overstay_charges_reservation_idx" ON "overstay_charges" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "overstay_charges_invoice_idx" ON "overstay_charges" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "overstay_charges_open_idx" ON "overstay_charges" USING btree ("created_at") WHERE "overstay_charges"."status" = 'open';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_overstay_id_overstay_charges_id_fk" FOREIGN KEY ("overstay_id") REFERENCES "public"."overstay_charges"("id") ON DELETE no action ON UPDATE no action;