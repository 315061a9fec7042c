// The security feature's public API: the only file other features (and http/, the app, the demo)
// import. The append-only security log, and the retention sweep of its anonymous traffic.
export { sweepAnonymousTraffic, type RetentionContext } from './retention.service';
export { recordSecurityEvent, type SecurityEventType, type SecurityLogContext } from './security-events.service';
