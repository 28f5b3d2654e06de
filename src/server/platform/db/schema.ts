// The relational schema (Drizzle, pg-core) shared by PGlite and PostgreSQL. Migrations are generated from
// it with drizzle-kit into ./migrations and committed. Bulk data (uploads, outputs) never lives here.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SubscriptionKind } from '../../../domain/organization.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import type { ConditionValueType, SimulationCondition } from '../../../domain/condition.ts';
import type { DashboardTile, LogValueKey, TileKind } from '../../../domain/dashboard.ts';
import type { ImageContentType } from '../../../domain/images.ts';
import type { JobKind, JobMessage, JobState } from '../../../domain/jobs.ts';
import type { OutputState } from '../../../domain/output.ts';
import type { RunStopReason } from '../../../domain/runs.ts';
import type { ShapeInfo } from '../../../domain/shape.ts';
import type { SimulationState } from '../../../domain/simulationState.ts';
import type { CreditSequenceKind } from '../../../domain/credits.ts';
import type { AssemblyComponentType, AssemblyNode } from '../../../domain/assembly.ts';
import type { MeshingParameters } from '../../../domain/meshing.ts';
import type { VmState, VmStopReason } from '../../../domain/vm.ts';
import type { AlertLevel } from '../../../domain/alerts.ts';
import type { SetupChange } from '../../../domain/setupHistory.ts';

type RunLogSummary = { progress: number; time: number; runtime: number; runtimeLeft: number | null; particles: number; output: number };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type SubscriptionRecord = {
  kind: SubscriptionKind;
  startDate: string;
  endDate: string | null;
  coreHours: number;
  oneOffCoreHours: number;
  vmHoursPerMonth: number;
  maxCores: number;
  freeInstance: boolean;
  storageBytes: number;
};

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  subscription: jsonb('subscription').$type<SubscriptionRecord | null>(),
  credits: doublePrecision('credits').notNull().default(0),
  vmHours: doublePrecision('vm_hours').notNull().default(0),
  maxSimulations: integer('max_simulations'),
  storageUpdatedAt: timestamp('storage_updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    department: text('department'),
    location: text('location'),
    avatarId: text('avatar_id'),
    role: text('role').$type<'contributor' | 'manager' | 'admin' | 'support'>().notNull(),
    active: boolean('active').notNull().default(true),
    activeAccessGrantId: uuid('active_access_grant_id'),
    ssoConnection: text('sso_connection'),
    /** scrypt$N$r$p$salt$hash; null for single sign-on users and invited users who have not set one. */
    passwordHash: text('password_hash'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_organization_idx').on(t.organizationId)],
);

export const authenticators = pgTable(
  'authenticators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'totp'>().notNull().default('totp'),
    label: text('label').notNull(),
    /** Base32 TOTP secret. */
    secret: text('secret').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    /** Last accepted time step, so that a code cannot be used twice. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('authenticators_user_idx').on(t.userId)],
);

/** Storage of the embedded OpenID provider (sessions, grants, codes, refresh tokens, interactions). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Sign-in attempt counters (password per address, per account and address, per account; TOTP codes per
 * account) in fixed windows: kept here so that every API replica counts the same attempts.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_attempts_window_ends_idx').on(t.windowEndsAt)],
);

/** Secrets generated on first start (cookie keys, signing keys); shared by every API replica. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token in the link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').$type<'reset' | 'invitation'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').$type<'password_reset' | 'invitation'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  link: text('link'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const solvers = pgTable('solvers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  latest: boolean('latest').notNull().default(true),
  /** Null: offered to every organisation. */
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('projects_organization_name_key').on(t.organizationId, t.name),
    // Serve the list's default order (updatedAt desc, id) straight from the index, with and without the own-view filter.
    index('projects_organization_updated_idx').on(t.organizationId, t.updatedAt.desc().nullsFirst(), t.id),
    index('projects_organization_creator_updated_idx').on(t.organizationId, t.creatorId, t.updatedAt.desc().nullsFirst(), t.id),
  ],
);

export const simulations = pgTable(
  'simulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    state: text('state').$type<SimulationState>().notNull().default('not_started'),
    setupLocked: boolean('setup_locked').notNull().default(false),
    resumable: boolean('resumable').notNull().default(false),
    /** Points at the current run; the runs table arrives with the run and job migration. */
    activeRunId: uuid('active_run_id'),
    creditsConsumed: doublePrecision('credits_consumed').notNull().default(0),
    simulationHoursConsumed: doublePrecision('simulation_hours_consumed').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    uploadedSetup: boolean('uploaded_setup').notNull().default(false),
    cores: integer('cores').notNull().default(0),
    gpu: boolean('gpu').notNull().default(false),
    freeInstance: boolean('free_instance').notNull().default(false),
    solverId: uuid('solver_id').references(() => solvers.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The image shown on the monitoring page; deleting the image clears it. */
    postImageId: uuid('post_image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    remoteVmRunState: text('remote_vm_run_state'),
    lastStopCondition: jsonb('last_stop_condition').$type<{ valueType: 'time' | 'runtime' | 'credits' | 'particle_nbr'; threshold: number } | null>(),
    log: jsonb('log').$type<{
      progress: number;
      time: number;
      runtime: number;
      runtimeLeft: number | null;
      particles: number;
      output: number;
    } | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('simulations_project_name_key').on(t.projectId, t.name),
    index('simulations_organization_updated_idx').on(t.organizationId, t.updatedAt.desc()),
  ],
);

/** The whole setup of a simulation as one document (parts, materials, settings, ...). */
export const simulationSetups = pgTable('simulation_setups', {
  simulationId: uuid('simulation_id')
    .primaryKey()
    .references(() => simulations.id, { onDelete: 'cascade' }),
  document: jsonb('document').$type<SetupDocument>().notNull(),
  updatedAt: updatedAt(),
});

/** The credit ledger: every purchase, grant, refund and consumption of credits. */
export const creditSequences = pgTable(
  'credit_sequences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CreditSequenceKind>().notNull(),
    credits: doublePrecision('credits').notNull(),
    simulationHours: doublePrecision('simulation_hours').notNull().default(0),
    simulationId: uuid('simulation_id').references(() => simulations.id, { onDelete: 'set null' }),
    simulationName: text('simulation_name'),
    note: text('note'),
    issuerId: uuid('issuer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('credit_sequences_organization_updated_idx').on(t.organizationId, t.updatedAt.desc())],
);

// ---------------------------------------------------------------- runs, jobs, outputs, uploads, dashboards

/** One run of a simulation (start or restart) with its output folder; a resume continues the same run. */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    mode: text('mode').$type<'start' | 'restart' | 'resume'>().notNull(),
    /** A run goes through the simulation's states (it is the simulation's current run while active). */
    state: text('state').$type<SimulationState>().notNull().default('creating'),
    solverId: uuid('solver_id').references(() => solvers.id, { onDelete: 'set null' }),
    cores: integer('cores').notNull(),
    gpu: boolean('gpu').notNull(),
    freeInstance: boolean('free_instance').notNull(),
    creditsPerHour: doublePrecision('credits_per_hour').notNull(),
    conditions: jsonb('conditions').$type<SimulationCondition[]>().notNull(),
    /** The setup as it was started; a resume runs exactly this document again. */
    setup: jsonb('setup').$type<SetupDocument>().notNull(),
    creditSequenceId: uuid('credit_sequence_id').references(() => creditSequences.id, { onDelete: 'set null' }),
    credits: doublePrecision('credits').notNull().default(0),
    simulationHours: doublePrecision('simulation_hours').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    lastOutputNo: integer('last_output_no'),
    log: jsonb('log').$type<RunLogSummary | null>(),
    lastStopCondition: jsonb('last_stop_condition').$type<{ valueType: ConditionValueType; threshold: number } | null>(),
    stopReason: text('stop_reason').$type<RunStopReason>(),
    errorMessage: text('error_message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('runs_simulation_number_key').on(t.simulationId, t.number)],
);

/** Background jobs. The row is the truth about a job; queues only carry its id to a worker. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => runs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<JobKind>().notNull(),
    state: text('state').$type<JobState>().notNull().default('scheduled'),
    /** 0..100; null while indeterminate. */
    progress: doublePrecision('progress'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    result: jsonb('result').$type<unknown>(),
    errors: jsonb('errors').$type<JobMessage[]>().notNull().default(sql`'[]'::jsonb`),
    warnings: jsonb('warnings').$type<JobMessage[]>().notNull().default(sql`'[]'::jsonb`),
    attempt: integer('attempt').notNull().default(1),
    /** Cancel (or, for solver runs, stop) was asked for; the worker running it reacts. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    workerId: text('worker_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Wall-clock seconds of this job already charged to the credit ledger (solver runs). */
    chargedSeconds: doublePrecision('charged_seconds').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_simulation_created_idx').on(t.simulationId, t.createdAt.desc()),
    index('jobs_state_heartbeat_idx').on(t.state, t.heartbeatAt),
    index('jobs_run_idx').on(t.runId),
  ],
);

/** Outputs a run has written (the files live in the run's folder under the storage directory). */
export const runOutputs = pgTable(
  'run_outputs',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    outputNo: integer('output_no').notNull(),
    time: doublePrecision('time').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    visualizationState: text('visualization_state').$type<OutputState>().notNull().default('ready'),
    sensorState: text('sensor_state').$type<OutputState>().notNull().default('pending'),
    wallSensorState: text('wall_sensor_state').$type<'unknown' | 'pending' | 'failed'>().notNull().default('unknown'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.outputNo] }), index('run_outputs_simulation_idx').on(t.simulationId)],
);

/** Uploaded geometry (STL, STEP); the bytes are under the storage directory, addressed by id. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The simulation it was uploaded to; clones keep referring to the file. */
    simulationId: uuid('simulation_id').references(() => simulations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    kind: text('kind').$type<'stl' | 'step' | 'acceleration'>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    unit: text('unit').$type<'m' | 'mm' | 'in'>(),
    shapeInfo: jsonb('shape_info').$type<ShapeInfo | null>(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    sha256: text('sha256').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploaded_files_organization_idx').on(t.organizationId)],
);

/**
 * STEP assemblies imported into a simulation (the assembly import modal): the uploaded file, the job that
 * read its structure tree, the tree once read, and the latest tessellation run (a job of kind tessellation).
 */
export const assemblies = pgTable(
  'assemblies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    /** The STEP upload it was read from. */
    fileId: uuid('file_id')
      .notNull()
      .references(() => uploadedFiles.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    importJobId: uuid('import_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<AssemblyNode[] | null>(),
    latestTessellationRunId: uuid('latest_tessellation_run_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('assemblies_simulation_created_idx').on(t.simulationId, t.createdAt)],
);

/** Parts organised from an assembly; once tessellated, the setup part of the same id holds the mesh. */
export const assemblyParts = pgTable(
  'assembly_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assemblyId: uuid('assembly_id')
      .notNull()
      .references(() => assemblies.id, { onDelete: 'cascade' }),
    /** Order of the part list. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    assemblyNodeIds: jsonb('assembly_node_ids').$type<string[]>().notNull(),
    componentType: text('component_type').$type<AssemblyComponentType>().notNull(),
    meshingParameters: jsonb('meshing_parameters').$type<MeshingParameters>().notNull(),
    needsTessellation: boolean('needs_tessellation').notNull().default(true),
    /** The STL upload of the last tessellation. */
    fileId: uuid('file_id').references(() => uploadedFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('assembly_parts_assembly_position_idx').on(t.assemblyId, t.position)],
);

/** Images saved from the results viewer (PNG or JPEG); the bytes live under the storage directory by id. */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').$type<ImageContentType>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** The simulation the image was saved from; its dashboard tiles may show it, no other's. */
    simulationId: uuid('simulation_id').references((): AnyPgColumn => simulations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('images_organization_idx').on(t.organizationId), index('images_simulation_idx').on(t.simulationId)],
);

export const dashboardViews = pgTable(
  'dashboard_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simulationId: uuid('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('dashboard_views_simulation_name_key').on(t.simulationId, t.name)],
);

export const dashboardTiles = pgTable(
  'dashboard_tiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    viewId: uuid('view_id')
      .notNull()
      .references(() => dashboardViews.id, { onDelete: 'cascade' }),
    type: text('type').$type<TileKind>().notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    w: integer('w').notNull(),
    h: integer('h').notNull(),
    logValues: jsonb('log_values').$type<LogValueKey[]>().notNull().default(sql`'[]'::jsonb`),
    text: text('text'),
    imageId: text('image_id'),
    xMin: doublePrecision('x_min'),
    xMax: doublePrecision('x_max'),
    yMin: doublePrecision('y_min'),
    yMax: doublePrecision('y_max'),
    xAuto: boolean('x_auto').notNull().default(true),
    yAuto: boolean('y_auto').notNull().default(true),
    percentage: boolean('percentage').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('dashboard_tiles_view_idx').on(t.viewId)],
);

/** Dashboard templates of an organisation (Save as template, Load template). */
export const dashboardTemplates = pgTable(
  'dashboard_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tiles: jsonb('tiles').$type<DashboardTile[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dashboard_templates_organization_name_key').on(t.organizationId, t.name)],
);

/** Credits consumed per credit sequence and day: what the budget chart plots. */
export const creditHistory = pgTable(
  'credit_history',
  {
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => creditSequences.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    credits: doublePrecision('credits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sequenceId, t.day] }), index('credit_history_organization_day_idx').on(t.organizationId, t.day)],
);

// ---------------------------------------------------------------- access grants, uploaded setups

/**
 * Temporary access of a Surge support user to an organisation (24 hours). The state is derived:
 * revoked when revoked_at is set, expired once expires_at has passed, active otherwise.
 */
export const accessGrants = pgTable(
  'access_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<'onboarding' | 'workshop' | 'support' | 'other'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_grants_organization_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('access_grants_requester_created_idx').on(t.requesterId, t.createdAt.desc()),
  ],
);

/**
 * A preprocessed setup uploaded as a zip file (organisations with upload_preprocessing): the zip is kept
 * under the storage directory by id, the job file it names became the simulation's setup document.
 */
export const uploadedSetups = pgTable('uploaded_setups', {
  simulationId: uuid('simulation_id')
    .primaryKey()
    .references(() => simulations.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Id of the stored zip under the organisation's files. */
  zipFileId: uuid('zip_file_id').notNull(),
  zipName: text('zip_name').notNull(),
  zipSize: bigint('zip_size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  jobFilename: text('job_filename').notNull(),
  /** Uploaded files created from geometry inside the zip. */
  fileIds: jsonb('file_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- post-processing machines

/**
 * Post-processing machines, one row per launch. A simulation has at most one live machine (launching,
 * running, stopping). Rows outlive their simulation (simulation_id set null) so that the month's VM hours
 * still count what ran. The host that runs a machine writes where it can be reached: its host id, its
 * agent (cluster mode) and its SFTP address.
 */
export const remoteVms = pgTable(
  'remote_vms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id').references(() => simulations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    state: text('state').$type<VmState>().notNull().default('launching'),
    /** SFTP user name: unique, the machine's name. */
    username: text('username').notNull(),
    /** scrypt hash of the SFTP password (checked at login) and the password sealed (shown on the VM screen). */
    passwordHash: text('password_hash').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    jobId: uuid('job_id'),
    hostId: text('host_id'),
    /** The agent of the worker that runs it (cluster mode); null when the API process runs it. */
    agentUrl: text('agent_url'),
    /** host:port of the SFTP server of the machine's host. */
    sftpAddress: text('sftp_address'),
    shutdownTime: timestamp('shutdown_time', { withTimezone: true }),
    runningSince: timestamp('running_since', { withTimezone: true }),
    /** Running time is booked up to here (the stop, once stopped). */
    accountedUntil: timestamp('accounted_until', { withTimezone: true }),
    hoursConsumed: doublePrecision('hours_consumed').notNull().default(0),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason').$type<VmStopReason>(),
    message: text('message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('remote_vms_username_key').on(t.username),
    uniqueIndex('remote_vms_live_simulation_key').on(t.simulationId).where(sql`${t.state} in ('launching', 'running', 'stopping')`),
    index('remote_vms_simulation_created_idx').on(t.simulationId, t.createdAt.desc()),
    index('remote_vms_organization_running_idx').on(t.organizationId, t.runningSince),
  ],
);

// ---------------------------------------------------------------- alerts and setup history

/** Alerts raised while a run went on (run conditions with the action warning); failed jobs are read from `jobs`. */
export const simulationAlerts = pgTable(
  'simulation_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simulationId: uuid('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => runs.id, { onDelete: 'set null' }),
    level: text('level').$type<AlertLevel>().notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('simulation_alerts_simulation_created_idx').on(t.simulationId, t.createdAt.desc())],
);

/** Edits of a simulation's setup: successive saves by one user folded into one row (domain/setupHistory.ts). */
export const setupEdits = pgTable(
  'setup_edits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simulationId: uuid('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').$type<SetupChange[]>().notNull(),
    /** Changes beyond those kept in `changes`. */
    omitted: integer('omitted').notNull().default(0),
    /** The first save folded in; `updatedAt` is the last. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('setup_edits_simulation_updated_idx').on(t.simulationId, t.updatedAt.desc())],
);
