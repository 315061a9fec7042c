// Every endpoint contract, keyed `domain.name` (e.g. `messages.sendMessage`), for the tools that
// walk the whole API: the fuzz test and the OpenAPI document. Built from the contract modules'
// exports, so a new endpoint in an existing module is listed without touching this file; a new
// module must be added to DOMAINS (the fuzz test fails on any /api route missing from this table).
import * as account from './account';
import * as activity from './activity';
import * as apiDocs from './api-docs';
import * as auth from './auth';
import * as blocks from './blocks';
import * as dashboard from './dashboard';
import * as discovery from './discovery';
import * as documents from './documents';
import * as documentInsight from './document-insight';
import type { Endpoint } from './endpoint';
import * as events from './events';
import * as intake from './intake';
import * as matches from './matches';
import * as messages from './messages';
import * as nda from './nda';
import * as milestones from './milestones';
import * as notifications from './notifications';
import * as notificationPreferences from './notification-preferences';
import * as portfolio from './portfolio';
import * as profiles from './profiles';
import * as reports from './reports';
import * as search from './search';
import * as secureLinks from './secure-links';
import * as trackRecord from './track-record';

const DOMAINS: Record<string, Record<string, unknown>> = {
  account,
  activity,
  apiDocs,
  auth,
  blocks,
  dashboard,
  discovery,
  documents,
  documentInsight,
  events,
  intake,
  matches,
  messages,
  nda,
  milestones,
  notifications,
  notificationPreferences,
  portfolio,
  profiles,
  reports,
  search,
  secureLinks,
  trackRecord,
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Endpoint>;
  return typeof candidate.method === 'string' && METHODS.has(candidate.method) && typeof candidate.path === 'string' && candidate.response !== undefined;
}

export const ALL_ENDPOINTS: Record<string, Endpoint> = Object.fromEntries(
  Object.entries(DOMAINS).flatMap(([domain, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, endpoint]) => [`${domain}.${name}`, endpoint]),
  ),
);
