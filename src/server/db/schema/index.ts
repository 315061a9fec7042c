// The whole data model in one namespace for Drizzle's relational queries and drizzle-kit.
// Timestamps keep millisecond precision (what JavaScript dates hold), so keyset cursors built
// from a Date match the stored value exactly.
export * from './users';
export * from './profiles';
export * from './relationships';
export * from './documents';
export * from './activity';
export * from './portfolio';
export * from './matching';
export * from './jobs';
export * from './devices';
export * from './reports';
export * from './blocks';
export * from './notifications';
export * from './notification-preferences';
export * from './discovery';
