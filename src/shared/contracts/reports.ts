// Reports (issue #14; docs/security.md, "Reports"): a user reports another user, a message or a
// document. Filing one also blocks the reported user. Nothing here returns a report: only
// operators read them (`npm run reports`), so nobody learns who reported them.
import { z } from 'zod';
import { REPORT_CATEGORIES, REPORT_SUBJECT_TYPES, type ReportCategory } from '../enums';
import { idField } from './common';
import { defineEndpoint } from './endpoint';

export const MAX_REPORT_DETAILS_LENGTH = 2000;

const categoryValues = REPORT_CATEGORIES.map((category) => category.value) as [ReportCategory, ...ReportCategory[]];

export const CreateReportBody = z.strictObject({
  subjectType: z.enum(REPORT_SUBJECT_TYPES, { error: 'Choose what you are reporting: a user, a message or a document.' }),
  subjectId: idField('Choose what you are reporting.'),
  category: z.enum(categoryValues, {
    error: 'Choose a reason: spam, harassment, fraud or misrepresentation, inappropriate content, or other.',
  }),
  details: z.string({ error: 'Details must be text.' }).trim().max(MAX_REPORT_DETAILS_LENGTH, 'Details can be at most 2,000 characters.').optional(),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

/** Only the receipt: the report itself is for operators. */
export const ReportReceipt = z.object({ id: z.number(), createdAt: z.string() });
export type ReportReceipt = z.infer<typeof ReportReceipt>;

export const createReport = defineEndpoint({ method: 'POST', path: '/api/reports', body: CreateReportBody, response: ReportReceipt, successStatus: 201 });
