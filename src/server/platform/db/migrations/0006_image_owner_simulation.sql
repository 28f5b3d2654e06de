ALTER TABLE "images" ADD COLUMN "simulation_id" uuid;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_simulation_idx" ON "images" USING btree ("simulation_id");