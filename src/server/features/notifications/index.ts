// The notifications feature's public API: the only file other features (and the app, the jobs)
// import. Features announce with notify() inside their transaction; the jobs deliver, remind and sweep.
export {
  deliverNotification,
  markConversationNotificationRead,
  notify,
  NOTIFICATION_JOBS,
  remindDueMilestones,
  sweepOldNotifications,
  type NotificationRequest,
  type NotifyContext,
} from './notifications.service';
export {
  NOTIFICATION_EMAIL_JOBS,
  scheduleDueDigests,
  sendDigest,
  sendNotificationEmail,
  sendUnreadMessagesEmail,
  type NotificationEmailContext,
} from './notification-emails.service';
