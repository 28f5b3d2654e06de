CREATE TABLE "remote_vms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"simulation_id" uuid,
	"name" text NOT NULL,
	"state" text DEFAULT 'launching' NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_sealed" text NOT NULL,
	"job_id" uuid,
	"host_id" text,
	"agent_url" text,
	"sftp_address" text,
	"shutdown_time" timestamp with time zone,
	"running_since" timestamp with time zone,
	"accounted_until" timestamp with time zone,
	"hours_consumed" double precision DEFAULT 0 NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_vms" ADD CONSTRAINT "remote_vms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_vms" ADD CONSTRAINT "remote_vms_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_vms" ADD CONSTRAINT "remote_vms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_vms_username_key" ON "remote_vms" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_vms_live_simulation_key" ON "remote_vms" USING btree ("simulation_id") WHERE "remote_vms"."state" in ('launching', 'running', 'stopping');--> statement-breakpoint
CREATE INDEX "remote_vms_simulation_created_idx" ON "remote_vms" USING btree ("simulation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remote_vms_organization_running_idx" ON "remote_vms" USING btree ("organization_id","running_since");