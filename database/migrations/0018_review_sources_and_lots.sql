ALTER TABLE "reviews" ADD COLUMN "parking_lot_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_parking_lot_id_parking_lots_id_fk" FOREIGN KEY ("parking_lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_parking_lot_idx" ON "reviews" USING btree ("parking_lot_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_provider_check" CHECK ("reviews"."provider" in ('demo', 'ekomi', 'stay'));