// Fair intake (issue #19, ADR 0045): how many connection requests reach an investor each week,
// how many a startup may hold open, and how long an unanswered request lasts.
import { z } from 'zod';
import { boundedInt } from './common';
import { defineEndpoint } from './endpoint';

/** New connection requests from startups that reach an investor per week, unless they set their own. */
export const DEFAULT_WEEKLY_REQUEST_CAP = 25;
/** The range an investor may set their weekly cap to. */
export const WEEKLY_REQUEST_CAP_MIN = 1;
export const WEEKLY_REQUEST_CAP_MAX = 500;
/** Requests a startup may have waiting for an answer at once (queued ones included). */
export const OUTGOING_REQUEST_LIMIT = 30;
/** A request unanswered this many days after it reached the other side expires. */
export const CONNECTION_REQUEST_EXPIRY_DAYS = 30;

export const WEEKLY_REQUEST_CAP_MESSAGE = `The weekly limit must be a whole number from ${WEEKLY_REQUEST_CAP_MIN} to ${WEEKLY_REQUEST_CAP_MAX}`;
/** The 409 of the 31st open request (docs/intake.md). */
export const OUTGOING_REQUEST_LIMIT_MESSAGE = `You have ${OUTGOING_REQUEST_LIMIT} requests waiting for an answer. You can send more as investors answer or requests expire.`;
/** The investor's Pending tab, over the count of startup requests waiting in their weekly queue. */
export const QUEUED_REQUESTS_LABEL = 'More requests next week';

/** An investor's intake: what they set, and where this week stands (the week runs Monday 00:00 UTC to the next). */
export const InvestorIntakeSettings = z.object({
  userType: z.literal('investor'),
  openToNewDeals: z.boolean(),
  weeklyRequestCap: z.number().int().min(WEEKLY_REQUEST_CAP_MIN).max(WEEKLY_REQUEST_CAP_MAX),
  /** Startup requests delivered to them this week (answered or not): the cap counts these. */
  requestsThisWeek: z.number().int().min(0),
  /** Startup requests waiting in their queue for a later week. */
  queuedRequests: z.number().int().min(0),
  /** When this week ends and queued requests are next released (ISO, a Monday 00:00 UTC). */
  weekEndsAt: z.string(),
});
export type InvestorIntakeSettings = z.infer<typeof InvestorIntakeSettings>;

/** A startup's intake: whether they are raising, and their open requests against the limit. */
export const StartupIntakeSettings = z.object({
  userType: z.literal('startup'),
  raisingNow: z.boolean(),
  /** Their requests waiting for an answer (queued ones included). */
  openRequests: z.number().int().min(0),
  openRequestLimit: z.number().int().min(1),
});
export type StartupIntakeSettings = z.infer<typeof StartupIntakeSettings>;

export const IntakeSettings = z.discriminatedUnion('userType', [InvestorIntakeSettings, StartupIntakeSettings]);
export type IntakeSettings = z.infer<typeof IntakeSettings>;

/**
 * The editable fields, each optional. An investor sends `openToNewDeals` and `weeklyRequestCap`, a
 * startup `raisingNow`; a field of the other role is refused with a sentence (the server checks the
 * role, so one schema serves both forms).
 */
export const UpdateIntakeSettingsBody = z.strictObject({
  openToNewDeals: z.boolean({ error: 'Open to new deals must be true or false' }).optional(),
  weeklyRequestCap: boundedInt(WEEKLY_REQUEST_CAP_MIN, WEEKLY_REQUEST_CAP_MAX, WEEKLY_REQUEST_CAP_MESSAGE).optional(),
  raisingNow: z.boolean({ error: 'Raising now must be true or false' }).optional(),
});
export type UpdateIntakeSettingsBody = z.infer<typeof UpdateIntakeSettingsBody>;

export const getIntakeSettings = defineEndpoint({ method: 'GET', path: '/api/intake-settings', response: IntakeSettings });
export const updateIntakeSettings = defineEndpoint({ method: 'PUT', path: '/api/intake-settings', body: UpdateIntakeSettingsBody, response: IntakeSettings });
