import { z } from 'zod';
import { codes, enabledStatus, guid, name30, text } from './common.ts';

/**
 * A BU's approval processes (docs/tenant-console.md "Approval processes"): named, with ordered
 * steps, each approved by whoever holds the step's role in the BU (or the BU's owner).
 */
export const PROCESS_TRIGGERS = ['scope_application', 'open_api'] as const;

export const processStepSchema = z.object({
  name: name30(),
  role_guid: guid(),
});

export const processSchema = z.object({
  name: name30(),
  /** Apps name the process by its code (open API `process/start`). */
  code: z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32').regex(/^[A-Za-z0-9_-]+$/, 'validation.code_format'),
  /** What runs through it: the BU's scope applications, or what apps with the process engine start. */
  trigger: z.enum(PROCESS_TRIGGERS, { error: 'validation.invalid_option' }),
  description: text(200).optional(),
  steps: z.array(processStepSchema).min(1, 'validation.required').max(10, 'validation.too_many'),
  status: enabledStatus(),
});

/** 0 running, 1 approved, 2 rejected, 3 withdrawn (what it was about was withdrawn). */
export const INSTANCE = { running: 0, approved: 1, rejected: 2, withdrawn: 3 } as const;

/** One run of a process, written by the server only. */
export const processInstanceSchema = z.object({
  process_guid: guid(),
  process_name: z.string(),
  /** `audit-record` (a scope application) or `open-api` (started by an app). */
  subject_kind: z.enum(['audit-record', 'open-api']),
  subject_guid: guid().nullable(),
  title: z.string(),
  /** What an app attached (open API), shown to approvers. */
  data: z.record(z.string(), z.unknown()).nullable(),
  app_guid: guid().nullable(),
  /** The process's steps as they were when the run started: a later edit does not move a run. */
  steps: z.array(processStepSchema),
  /** The step waiting (0-based); the number of steps once decided. */
  step: z.number().int(),
  step_name: z.string().nullable(),
  state: codes(0, 1, 2, 3),
});

/** One entry of an instance's history: started, approved or rejected at a step, by whom. */
export const processStepLogSchema = z.object({
  instance_guid: guid(),
  subject_guid: guid().nullable(),
  step: z.number().int(),
  step_name: z.string().nullable(),
  action: z.enum(['start', 'approve', 'reject']),
  by_name: z.string(),
  remark: text(200).nullable(),
});

export const processActInput = z.object({ guid: guid(), remark: text(200).optional() });
export const processStartInput = z.object({
  process_code: z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32'),
  title: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_big'),
  data: z.record(z.string(), z.unknown()).optional(),
});
