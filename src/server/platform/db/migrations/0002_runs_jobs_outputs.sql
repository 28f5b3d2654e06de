CREATE TABLE "credit_history" (
	"sequence_id" uuid NOT NULL,
	"day" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"credits" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_history_sequence_id_day_pk" PRIMARY KEY("sequence_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tiles" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_tiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"view_id" uuid NOT NULL,
	"type" text NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"w" integer NOT NULL,
	"h" integer NOT NULL,
	"log_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text,
	"image_id" text,
	"x_min" double precision,
	"x_max" double precision,
	"y_min" double precision,
	"y_max" double precision,
	"x_auto" boolean DEFAULT true NOT NULL,
	"y_auto" boolean DEFAULT true NOT NULL,
	"percentage" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"simulation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"simulation_id" uuid NOT NULL,
	"run_id" uuid,
	"kind" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"progress" double precision,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"charged_seconds" double precision DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "run_outputs" (
	"run_id" uuid NOT NULL,
	"simulation_id" uuid NOT NULL,
	"output_no" integer NOT NULL,
	"time" double precision NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"visualization_state" text DEFAULT 'ready' NOT NULL,
	"sensor_state" text DEFAULT 'pending' NOT NULL,
	"wall_sensor_state" text DEFAULT 'unknown' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_outputs_run_id_output_no_pk" PRIMARY KEY("run_id","output_no")
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"simulation_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"mode" text NOT NULL,
	"state" text DEFAULT 'creating' NOT NULL,
	"solver_id" uuid,
	"cores" integer NOT NULL,
	"gpu" boolean NOT NULL,
	"free_instance" boolean NOT NULL,
	"credits_per_hour" double precision NOT NULL,
	"conditions" jsonb NOT NULL,
	"setup" jsonb NOT NULL,
	"credit_sequence_id" uuid,
	"credits" double precision DEFAULT 0 NOT NULL,
	"simulation_hours" double precision DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"last_output_no" integer,
	"log" jsonb,
	"last_stop_condition" jsonb,
	"stop_reason" text,
	"error_message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"simulation_id" uuid,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"kind" text NOT NULL,
	"size" bigint NOT NULL,
	"unit" text,
	"shape_info" jsonb,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_history" ADD CONSTRAINT "credit_history_sequence_id_credit_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."credit_sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_history" ADD CONSTRAINT "credit_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_history" ADD CONSTRAINT "credit_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_templates" ADD CONSTRAINT "dashboard_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_templates" ADD CONSTRAINT "dashboard_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ADD CONSTRAINT "dashboard_tiles_view_id_dashboard_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."dashboard_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_views" ADD CONSTRAINT "dashboard_views_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_outputs" ADD CONSTRAINT "run_outputs_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_outputs" ADD CONSTRAINT "run_outputs_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_solver_id_solvers_id_fk" FOREIGN KEY ("solver_id") REFERENCES "public"."solvers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_credit_sequence_id_credit_sequences_id_fk" FOREIGN KEY ("credit_sequence_id") REFERENCES "public"."credit_sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_history_organization_day_idx" ON "credit_history" USING btree ("organization_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_templates_organization_name_key" ON "dashboard_templates" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "dashboard_tiles_view_idx" ON "dashboard_tiles" USING btree ("view_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_views_simulation_name_key" ON "dashboard_views" USING btree ("simulation_id","name");--> statement-breakpoint
CREATE INDEX "jobs_simulation_created_idx" ON "jobs" USING btree ("simulation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_state_heartbeat_idx" ON "jobs" USING btree ("state","heartbeat_at");--> statement-breakpoint
CREATE INDEX "jobs_run_idx" ON "jobs" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "run_outputs_simulation_idx" ON "run_outputs" USING btree ("simulation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "runs_simulation_number_key" ON "runs" USING btree ("simulation_id","number");--> statement-breakpoint
CREATE INDEX "uploaded_files_organization_idx" ON "uploaded_files" USING btree ("organization_id");