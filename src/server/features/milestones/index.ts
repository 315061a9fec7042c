// The milestones feature's public API: the only file other features (and http/, the app, the
// demo) import.
export { createMilestone } from './milestones.service';
