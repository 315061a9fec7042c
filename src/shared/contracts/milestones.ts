// Shared milestones (issue #7; docs/milestones.md): a mutual action plan for each connected pair.
import { z } from 'zod';
import { MILESTONE_STATUSES } from '../enums';
import { idField, idParam } from './common';
import { defineEndpoint } from './endpoint';

export const Milestone = z.object({
  id: z.number(),
  startupId: z.number(),
  investorId: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(MILESTONE_STATUSES),
  /** YYYY-MM-DD, or null when not scheduled. */
  date: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Milestone = z.infer<typeof Milestone>;

const title = z
  .string({ error: 'Title must be at least 3 characters' })
  .trim()
  .min(3, 'Title must be at least 3 characters')
  .max(200, 'Title must be at most 200 characters');
const description = z.string().trim().max(2000, 'Description must be at most 2,000 characters');
/**
 * A real calendar day as YYYY-MM-DD. Date.parse alone accepts 2026-02-31 (it rolls over to March),
 * which PostgreSQL then rejects with a 500, so the parts must survive a round trip.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
const calendarDate = z
  .string()
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), 'Please enter a valid date');
const partnerId = idField('Choose a connected partner');

/** The partner id rule: a startup names its partner as investorId, an investor as startupId. */
export const CreateMilestoneBody = z.strictObject({
  title,
  description: description.optional().default(''),
  date: calendarDate.optional().default(''),
  status: z.enum(MILESTONE_STATUSES, { error: 'Status must be pending, in progress or completed' }).optional().default('pending'),
  investorId: partnerId.optional(),
  startupId: partnerId.optional(),
});
export type CreateMilestoneBody = z.input<typeof CreateMilestoneBody>;

export const EditMilestoneBody = z
  .strictObject({ title: title.optional(), description: description.optional(), date: calendarDate.optional() })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one of title, description or date');

/** Status only moves forward: Start (pending → in_progress) and Complete (in_progress → completed). */
export const UpdateMilestoneStatusBody = z.strictObject({ status: z.enum(['in_progress', 'completed'], { error: 'Status must be in_progress or completed' }) });

export const UpcomingMilestone = Milestone.extend({ partnerName: z.string() });

const IdParams = z.strictObject({ id: idParam() });

export const listMilestones = defineEndpoint({
  method: 'GET',
  path: '/api/milestones',
  query: z.strictObject({ partnerId: idParam('Choose a connected partner') }),
  response: z.array(Milestone),
});
export const listUpcomingMilestones = defineEndpoint({ method: 'GET', path: '/api/milestones/upcoming', response: z.array(UpcomingMilestone) });
export const createMilestone = defineEndpoint({ method: 'POST', path: '/api/milestones', body: CreateMilestoneBody, response: Milestone, successStatus: 201 });
export const updateMilestoneStatus = defineEndpoint({
  method: 'POST',
  path: '/api/milestones/:id/update',
  params: IdParams,
  body: UpdateMilestoneStatusBody,
  response: Milestone,
});
export const editMilestone = defineEndpoint({ method: 'PATCH', path: '/api/milestones/:id', params: IdParams, body: EditMilestoneBody, response: Milestone });
export const deleteMilestone = defineEndpoint({ method: 'DELETE', path: '/api/milestones/:id', params: IdParams, response: z.object({ ok: z.literal(true) }) });
