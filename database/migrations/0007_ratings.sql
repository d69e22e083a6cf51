CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_review_id" text NOT NULL,
	"rating_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text NOT NULL,
	"locale" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_provider_review_idx" ON "reviews" USING btree ("provider","provider_review_id");--> statement-breakpoint
CREATE INDEX "reviews_rating_id_submitted_idx" ON "reviews" USING btree ("rating_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_submitted_idx" ON "reviews" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);