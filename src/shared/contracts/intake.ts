// Fair intake (issue #19, ADR 0045): how many connection requests reach an investor each week,
// how many a startup may hold open, and how long an unanswered request lasts.

/** New connection requests from startups that reach an investor per week, unless they set their own. */
export const DEFAULT_WEEKLY_REQUEST_CAP = 25;
/** The range an investor may set their weekly cap to. */
export const WEEKLY_REQUEST_CAP_MIN = 1;
export const WEEKLY_REQUEST_CAP_MAX = 500;
/** Requests a startup may have waiting for an answer at once (queued ones included). */
export const OUTGOING_REQUEST_LIMIT = 30;
/** A request unanswered this many days after it reached the other side expires. */
export const CONNECTION_REQUEST_EXPIRY_DAYS = 30;
