-- HAND-WRITTEN (issue 10, FAQ): the FAQ rows are seed content (no one edits them yet); they are emptied so the
-- NOT NULL slug column can be added, and `seedIfEmpty` refills an empty faq_entries table with the new FAQ at start.
DELETE FROM "faq_entries";--> statement-breakpoint
-- END HAND-WRITTEN
ALTER TABLE "faq_entries" ADD COLUMN "slug" text NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "airport_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD CONSTRAINT "faq_entries_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD CONSTRAINT "faq_entries_slug_unique" UNIQUE("slug");