// Projects: the entity with its simulations as the projects page lists them, the list query, and the
// inputs that create and edit one.
import { z } from 'zod';
import { paginatedSchema, queryBooleanSchema, queryListSchema } from './api.ts';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, PROJECT_DEFAULT_PAGE_SIZE, PROJECT_PAGE_SIZES } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { simulationSummarySchema } from './simulation.ts';
import { creatorSchema } from './user.ts';

export const PROJECT_ORDER_BY = ['updatedAt', 'name', 'size'] as const;
export const PROJECT_VIEWS = ['own', 'all'] as const;

export const projectNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX_LENGTH, `Name ${MESSAGES.nameTooLong}`);
export const projectDescriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Description ${MESSAGES.descriptionTooLong}`);

export const projectCreateSchema = z
  .object({ name: projectNameSchema, description: projectDescriptionSchema.default('') })
  .meta({ id: 'ProjectCreate' });
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

export const projectUpdateSchema = z
  .object({ name: projectNameSchema.optional(), description: projectDescriptionSchema.optional() })
  .meta({ id: 'ProjectUpdate' });
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

const pageLimitSchema = z.coerce
  .number()
  .int()
  .refine((n) => (PROJECT_PAGE_SIZES as readonly number[]).includes(n), `pageLimit must be one of ${PROJECT_PAGE_SIZES.join(', ')}`);

/** GET /api/projects query. `q` matches project and simulation names; `view=all` needs PROJECTS_VIEW_ALL. */
export const projectListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  pageLimit: pageLimitSchema.default(PROJECT_DEFAULT_PAGE_SIZE),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  projectIds: queryListSchema(z.uuid('Not a valid project id')).optional(),
  createdBy: queryListSchema(z.uuid('Not a valid user id')).optional(),
  orderBy: z.enum(PROJECT_ORDER_BY).default('updatedAt'),
  view: z.enum(PROJECT_VIEWS).default('own'),
  slim: queryBooleanSchema,
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const projectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    size: z.number().describe('Bytes of stored data of all its simulations'),
    creator: creatorSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    simulations: z.array(simulationSummarySchema),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

/** With `slim`, projects come without simulations (for project pickers such as Move). */
export const projectListSchema = paginatedSchema(projectSchema).meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof projectListSchema>;
