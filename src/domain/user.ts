// Users: the entity as the API returns it, profile and team-management inputs, avatars and password rules.
import { z } from 'zod';
import { AVATAR_NAMES } from './constants.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { assignableRoleSchema, permissionSchema, roleSchema } from './permissions.ts';
import { textSchema } from './validation/names.ts';

export const avatarIdSchema = z.enum(AVATAR_NAMES);
export type AvatarId = z.infer<typeof avatarIdSchema>;

export const PERSON_NAME_MAX = 100;
export const PROFILE_TEXT_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Digits with an optional leading +, spaces, dashes, dots and brackets; 5 to 20 digits. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{5,25}$/;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX)
  .pipe(z.email({ message: ERROR_MESSAGES.invalidEmail }));

const personName = (label: string) =>
  textSchema.trim().min(1, `${label} is required`).max(PERSON_NAME_MAX, `${label} must be at most ${PERSON_NAME_MAX} characters`);

const optionalText = textSchema.trim().max(PROFILE_TEXT_MAX).nullish();

export const phoneNumberSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || (PHONE_PATTERN.test(v) && countDigits(v) >= 5 && countDigits(v) <= 20), ERROR_MESSAGES.invalidPhone)
  .nullish();

function countDigits(value: string): number {
  let n = 0;
  for (const c of value) if (c >= '0' && c <= '9') n += 1;
  return n;
}

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Who created something, as lists show it ("Owned by"). */
export const creatorSchema = z
  .object({ id: z.string(), fullName: z.string(), avatarId: avatarIdSchema.nullable() })
  .meta({ id: 'Creator' });
export type Creator = z.infer<typeof creatorSchema>;

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    phoneNumber: z.string().nullable(),
    department: z.string().nullable().describe('Job title'),
    location: z.string().nullable(),
    avatarId: avatarIdSchema.nullable(),
    role: roleSchema,
    active: z.boolean(),
    activeAccessGrantId: z.string().nullable(),
    ssoConnection: z.string().nullable(),
    mfaEnabled: z.boolean(),
    createdAt: z.string(),
    organization: z.object({ id: z.string(), name: z.string() }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** GET /api/users: the signed-in user with what they may do. */
export const currentUserSchema = userSchema
  .extend({
    permissions: z.array(permissionSchema),
    organization: z.object({ id: z.string(), name: z.string(), features: z.array(z.string()) }),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** PUT /api/users: the own profile. */
export const profileUpdateSchema = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Surname'),
    phoneNumber: phoneNumberSchema,
    department: optionalText,
    location: optionalText,
    avatarId: avatarIdSchema.nullish(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** POST /api/mgmt/users: a team admin adds a member; they get an invitation to set their password. */
export const userCreateSchema = z
  .object({
    email: emailSchema,
    firstName: personName('First name'),
    lastName: personName('Surname'),
    role: assignableRoleSchema,
    phoneNumber: phoneNumberSchema,
    department: optionalText,
    location: optionalText,
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PUT /api/mgmt/users/:id: every field optional; only those given change. */
export const userUpdateSchema = z
  .object({
    email: emailSchema.optional(),
    firstName: personName('First name').optional(),
    lastName: personName('Surname').optional(),
    role: assignableRoleSchema.optional(),
    phoneNumber: phoneNumberSchema,
    department: optionalText,
    location: optionalText,
    active: z.boolean().optional(),
  })
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, 'Current password is required'), newPassword: passwordSchema })
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordSetSchema = z.object({ password: passwordSchema }).meta({ id: 'PasswordSet' });

export const authenticatorSchema = z
  .object({
    id: z.string(),
    type: z.literal('totp'),
    label: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Authenticator' });
export type Authenticator = z.infer<typeof authenticatorSchema>;

export const mfaEnrolmentSchema = z
  .object({ id: z.string(), secret: z.string(), otpauthUri: z.string() })
  .meta({ id: 'MfaEnrolment' });
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

export const TOTP_DIGITS = 6;
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'Enter the 6-digit code from your authenticator app');
export const mfaVerifySchema = z.object({ code: totpCodeSchema, label: z.string().trim().min(1).max(60).optional() }).meta({ id: 'MfaVerify' });

export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}
