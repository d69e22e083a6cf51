CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"credit_note_number" text,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('cancellation', 'change', 'late_payment', 'goodwill'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_idx" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_reservation_idx" ON "refunds" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "refunds_unrequested_idx" ON "refunds" USING btree ("id") WHERE "refunds"."provider_refund_id" is null;--> statement-breakpoint
-- The refunds planned or requested before this migration (at most one per payment, issue 13): same idempotency key
-- as then (`refund-<reference>`), so a retry still refunds once at the provider. Decision 0051.
INSERT INTO "refunds" ("payment_id", "reservation_id", "amount_cents", "reason", "idempotency_key", "credit_note_number", "provider_refund_id", "created_at", "requested_at")
SELECT p."id", p."reservation_id", p."refund_cents",
  CASE WHEN EXISTS (SELECT 1 FROM "reservation_events" e WHERE e."reservation_id" = p."reservation_id" AND e."kind" = 'cancelled') THEN 'cancellation' ELSE 'late_payment' END,
  'refund-' || r."reference",
  (SELECT i."number" FROM "invoices" i WHERE i."reservation_id" = p."reservation_id" AND i."kind" = 'credit_note' ORDER BY i."id" DESC LIMIT 1),
  p."refund_id", p."updated_at", p."refund_requested_at"
FROM "payments" p JOIN "reservations" r ON r."id" = p."reservation_id"
WHERE p."refund_cents" IS NOT NULL AND p."refund_cents" > 0;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_cents";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_requested_at";