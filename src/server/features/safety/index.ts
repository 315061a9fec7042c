// The safety feature's public API: the only file other modules (the app, scripts) import. Blocks
// (blocks.service.ts) and reports; the "may these two act together" answers stay in matching.
export { blockUser, isBlockedEitherWay, listBlocks, unblockUser } from './blocks.service';
export { getReport, listOpenReports, resolveReport, type ReportRecord, type ReportReviewContext } from './report-review.service';
