CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_organization_idx" ON "images" USING btree ("organization_id");--> statement-breakpoint
-- No image existed before this table: a post image id set until now names nothing.
UPDATE "simulations" SET "post_image_id" = NULL WHERE "post_image_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_post_image_id_images_id_fk" FOREIGN KEY ("post_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;