ALTER TABLE "staff" DROP CONSTRAINT "staff_role_check";--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_check" CHECK ("staff"."role" in ('admin', 'support', 'operator', 'accountant'));