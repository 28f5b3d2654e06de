DROP INDEX "projects_organization_updated_idx";--> statement-breakpoint
DROP INDEX "projects_organization_creator_updated_idx";--> statement-breakpoint
CREATE INDEX "projects_organization_updated_idx" ON "projects" USING btree ("organization_id","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "projects_organization_creator_updated_idx" ON "projects" USING btree ("organization_id","creator_id","updated_at" DESC NULLS FIRST,"id");