// Remote virtual machines for post-processing: states and the list entity.
import { z } from 'zod';

export const VM_STATES = ['launching', 'running', 'stopping', 'stopped', 'failed'] as const;
export const vmStateSchema = z.enum(VM_STATES);
export type VmState = z.infer<typeof vmStateSchema>;

/** remoteVmRunState on a simulation: where its post-processing VM is. */
export const vmRunStateSchema = vmStateSchema;

export const remoteVmSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    state: vmStateSchema,
    hoursConsumed: z.number(),
    runningSince: z.string().nullable(),
    shutdownTime: z.string().nullable(),
    sftpUrl: z.string().nullable(),
    websocketUrl: z.string().nullable(),
    password: z.string().nullable(),
    simulation: z.object({
      id: z.string(),
      name: z.string(),
      project: z.object({ id: z.string(), name: z.string() }),
    }),
  })
  .meta({ id: 'RemoteVm' });
export type RemoteVm = z.infer<typeof remoteVmSchema>;

export const remoteVmListSchema = z.array(remoteVmSchema);
