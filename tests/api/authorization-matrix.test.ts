// One table of every API route and who may call it. Each later feature adds its rows here; the
// matrix proves the server (not the client) enforces access: anonymous callers get 401, the wrong
// role gets 403. Ownership (another user's object → 404) is proven per feature.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { securityEvents } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { defineRoute } from '../../src/server/http/route';
import { defineEndpoint, type Endpoint } from '../../src/shared/contracts/endpoint';
import * as activityContracts from '../../src/shared/contracts/activity';
import * as accountContracts from '../../src/shared/contracts/account';
import * as authContracts from '../../src/shared/contracts/auth';
import * as dashboardContracts from '../../src/shared/contracts/dashboard';
import * as matchContracts from '../../src/shared/contracts/matches';
import * as documentContracts from '../../src/shared/contracts/documents';
import * as documentInsightContracts from '../../src/shared/contracts/document-insight';
import * as ndaContracts from '../../src/shared/contracts/nda';
import * as secureLinkContracts from '../../src/shared/contracts/secure-links';
import * as messageContracts from '../../src/shared/contracts/messages';
import * as eventContracts from '../../src/shared/contracts/events';
import * as milestoneContracts from '../../src/shared/contracts/milestones';
import * as notificationContracts from '../../src/shared/contracts/notifications';
import * as notificationPreferenceContracts from '../../src/shared/contracts/notification-preferences';
import * as portfolioContracts from '../../src/shared/contracts/portfolio';
import * as profileContracts from '../../src/shared/contracts/profiles';
import * as blockContracts from '../../src/shared/contracts/blocks';
import * as reportContracts from '../../src/shared/contracts/reports';
import * as searchContracts from '../../src/shared/contracts/search';
import * as discoveryContracts from '../../src/shared/contracts/discovery';
import * as trackRecordContracts from '../../src/shared/contracts/track-record';
import * as intakeContracts from '../../src/shared/contracts/intake';
import { TestClient, useTestSuite } from '../support/test-app';

type Access = 'public' | 'user' | 'startup' | 'investor';

// Every endpoint contract must appear here exactly once.
const ROUTE_ACCESS: Array<{ endpoint: Endpoint; access: Access; sample?: { params?: Record<string, string>; body?: unknown } }> = [
  { endpoint: authContracts.getCurrentUser, access: 'user' },
  { endpoint: authContracts.logout, access: 'user' },
  { endpoint: authContracts.login, access: 'public' },
  { endpoint: authContracts.register, access: 'public' },
  { endpoint: accountContracts.forgotPassword, access: 'public' },
  { endpoint: accountContracts.resetPassword, access: 'public' },
  { endpoint: accountContracts.verifyEmail, access: 'public' },
  { endpoint: accountContracts.changePassword, access: 'user', sample: { body: { currentPassword: 'x', newPassword: 'y' } } },
  { endpoint: accountContracts.resendEmailVerification, access: 'user' },
  { endpoint: accountContracts.changeEmail, access: 'user', sample: { body: { email: 'a@example.com', password: 'x' } } },
  { endpoint: accountContracts.listAccountSessions, access: 'user' },
  { endpoint: accountContracts.endAccountSession, access: 'user', sample: { params: { id: '0123456789abcdef0123456789abcdef' } } },
  { endpoint: accountContracts.revokeOtherSessions, access: 'user' },
  { endpoint: accountContracts.exportAccount, access: 'user' },
  { endpoint: accountContracts.deleteAccount, access: 'user', sample: { body: { password: 'x' } } },
  { endpoint: profileContracts.getOwnProfile, access: 'user' },
  { endpoint: profileContracts.updateStartupProfile, access: 'startup' },
  { endpoint: profileContracts.updateInvestorProfile, access: 'investor' },
  { endpoint: profileContracts.getStartupCard, access: 'investor' },
  { endpoint: profileContracts.getInvestorCard, access: 'startup' },
  { endpoint: activityContracts.listActivities, access: 'user' },
  { endpoint: notificationContracts.listNotifications, access: 'user' },
  { endpoint: notificationContracts.getUnreadNotificationCount, access: 'user' },
  { endpoint: notificationContracts.markNotificationRead, access: 'user' },
  { endpoint: notificationContracts.markAllNotificationsRead, access: 'user' },
  { endpoint: dashboardContracts.getDashboardStats, access: 'user' },
  { endpoint: matchContracts.listStartupMatches, access: 'startup' },
  { endpoint: matchContracts.listInvestorMatches, access: 'investor' },
  { endpoint: matchContracts.updateMatch, access: 'user', sample: { body: { status: 'accepted' } } },
  { endpoint: matchContracts.generateMatches, access: 'user' },
  { endpoint: matchContracts.disconnectMatch, access: 'user' },
  { endpoint: matchContracts.getMatch, access: 'user' },
  { endpoint: matchContracts.getFitWith, access: 'user' },
  { endpoint: blockContracts.listBlocks, access: 'user' },
  { endpoint: blockContracts.blockUser, access: 'user', sample: { body: { userId: 1 } } },
  { endpoint: blockContracts.unblockUser, access: 'user' },
  { endpoint: reportContracts.createReport, access: 'user', sample: { body: { subjectType: 'user', subjectId: 1, category: 'spam' } } },
  { endpoint: documentContracts.listDocuments, access: 'user' },
  { endpoint: documentContracts.uploadDocument, access: 'startup' },
  { endpoint: documentContracts.deleteDocument, access: 'startup' },
  { endpoint: documentContracts.getDocumentContent, access: 'user' },
  { endpoint: documentContracts.listDocumentAccess, access: 'startup' },
  { endpoint: documentContracts.grantDocumentAccess, access: 'startup', sample: { body: { userId: 1 } } },
  { endpoint: documentContracts.revokeDocumentAccess, access: 'startup' },
  { endpoint: documentContracts.startDocumentView, access: 'user' },
  { endpoint: documentContracts.endDocumentView, access: 'user', sample: { body: { durationMs: 1 } } },
  { endpoint: documentContracts.listShareCandidates, access: 'startup' },
  { endpoint: documentContracts.getDataRoomSettings, access: 'startup' },
  { endpoint: documentContracts.updateDataRoomSettings, access: 'startup', sample: { body: { autoShareCategories: [] } } },
  { endpoint: documentContracts.listInvestorEngagement, access: 'startup' },
  // Issue #20: grant settings, the whole-room share, the owner's switches, and the NDA gate.
  { endpoint: documentContracts.updateDocumentAccess, access: 'startup', sample: { body: { canDownload: true } } },
  { endpoint: documentContracts.shareWholeRoom, access: 'startup', sample: { body: { userId: 1 } } },
  { endpoint: documentContracts.updateDocumentSettings, access: 'startup', sample: { body: { watermark: true } } },
  { endpoint: ndaContracts.getNdaSettings, access: 'startup' },
  { endpoint: ndaContracts.updateNdaSettings, access: 'startup', sample: { body: { requiredForWholeRoom: true } } },
  { endpoint: ndaContracts.listNdaAcceptances, access: 'startup' },
  { endpoint: ndaContracts.downloadNdaAcceptanceLog, access: 'startup' },
  { endpoint: ndaContracts.downloadNdaCertificate, access: 'startup' },
  // Either role may ask (the owner reads "no NDA for you"); only an investor accepts.
  { endpoint: ndaContracts.getDocumentNdaGate, access: 'user' },
  { endpoint: ndaContracts.acceptDocumentNda, access: 'investor', sample: { body: { fullName: 'Ada Lovelace', agree: true, contentHash: '0'.repeat(64) } } },
  // Issue #21: versions are the owner's (a grantee reads the current version through the content route).
  { endpoint: documentInsightContracts.listDocumentVersions, access: 'startup' },
  { endpoint: documentInsightContracts.uploadDocumentVersion, access: 'startup' },
  { endpoint: documentInsightContracts.getDocumentVersionContent, access: 'startup' },
  { endpoint: documentInsightContracts.restoreDocumentVersion, access: 'startup' },
  // Issue #21: the viewer of a view records page time; only the owner reads the insight (404 for anyone else).
  { endpoint: documentInsightContracts.recordPageTime, access: 'user', sample: { body: { pages: [{ page: 1, durationMs: 1000 }] } } },
  { endpoint: documentInsightContracts.getDocumentInsight, access: 'startup' },
  { endpoint: documentInsightContracts.getViewerPath, access: 'startup' },
  // Secure links: the founder's side is startup-only; the visitor's side is public (the token is the key).
  { endpoint: secureLinkContracts.listSecureLinks, access: 'startup' },
  {
    endpoint: secureLinkContracts.createSecureLink,
    access: 'startup',
    sample: {
      body: {
        name: 'Deck',
        documentIds: [1],
        requireEmailVerification: true,
        allowedEmails: [],
        password: null,
        expiresAt: null,
        canDownload: false,
        watermark: true,
        ndaRequired: false,
      },
    },
  },
  { endpoint: secureLinkContracts.updateSecureLink, access: 'startup', sample: { body: { disabled: true } } },
  { endpoint: secureLinkContracts.listSecureLinkVisitors, access: 'startup' },
  { endpoint: secureLinkContracts.getVisitorLink, access: 'public' },
  { endpoint: secureLinkContracts.startVisitorSession, access: 'public' },
  { endpoint: secureLinkContracts.verifyVisitorCode, access: 'public' },
  { endpoint: secureLinkContracts.submitVisitorPassword, access: 'public' },
  { endpoint: secureLinkContracts.acceptVisitorNda, access: 'public' },
  { endpoint: secureLinkContracts.getVisitorDocumentContent, access: 'public' },
  { endpoint: secureLinkContracts.startVisitorView, access: 'public' },
  { endpoint: secureLinkContracts.endVisitorView, access: 'public' },
  { endpoint: secureLinkContracts.recordVisitorPageTime, access: 'public' },
  { endpoint: messageContracts.listConversations, access: 'user' },
  { endpoint: messageContracts.getThread, access: 'user' },
  { endpoint: messageContracts.getThreadByQuery, access: 'user' },
  { endpoint: messageContracts.sendMessage, access: 'user', sample: { body: { receiverId: 1, content: 'hi' } } },
  { endpoint: messageContracts.markMessageRead, access: 'user' },
  { endpoint: messageContracts.markThreadRead, access: 'user' },
  { endpoint: messageContracts.getUnreadCount, access: 'user' },
  { endpoint: eventContracts.streamEvents, access: 'user' },
  { endpoint: milestoneContracts.listMilestones, access: 'user' },
  { endpoint: milestoneContracts.listUpcomingMilestones, access: 'user' },
  { endpoint: milestoneContracts.createMilestone, access: 'user', sample: { body: { title: 'Intro call', investorId: 1 } } },
  { endpoint: milestoneContracts.updateMilestoneStatus, access: 'user', sample: { body: { status: 'in_progress' } } },
  { endpoint: milestoneContracts.editMilestone, access: 'user', sample: { body: { title: 'Renamed' } } },
  { endpoint: milestoneContracts.deleteMilestone, access: 'user' },
  { endpoint: portfolioContracts.listPortfolio, access: 'investor' },
  { endpoint: portfolioContracts.createPortfolioCompany, access: 'investor' },
  { endpoint: portfolioContracts.updatePortfolioCompany, access: 'investor' },
  { endpoint: portfolioContracts.deletePortfolioCompany, access: 'investor' },
  { endpoint: portfolioContracts.listPortfolioCandidates, access: 'investor' },
  { endpoint: portfolioContracts.exportPortfolioCsv, access: 'investor' },
  { endpoint: portfolioContracts.getInvestorAnalytics, access: 'investor' },
  { endpoint: searchContracts.search, access: 'user' },
  // Both roles browse the directory of the other one, and keep their own saved searches.
  { endpoint: discoveryContracts.discover, access: 'user' },
  { endpoint: discoveryContracts.connectFromDirectory, access: 'user' },
  { endpoint: discoveryContracts.listSavedSearches, access: 'user' },
  { endpoint: discoveryContracts.createSavedSearch, access: 'user', sample: { body: { name: 'Fintech', filters: {} } } },
  { endpoint: discoveryContracts.updateSavedSearch, access: 'user', sample: { body: { alertsEnabled: false } } },
  { endpoint: discoveryContracts.deleteSavedSearch, access: 'user' },
  { endpoint: trackRecordContracts.getOwnTrackRecord, access: 'investor' },
  { endpoint: trackRecordContracts.createTrackRecordInvestment, access: 'investor' },
  { endpoint: trackRecordContracts.updateTrackRecordInvestment, access: 'investor' },
  { endpoint: trackRecordContracts.deleteTrackRecordInvestment, access: 'investor' },
  { endpoint: trackRecordContracts.previewTrackRecordImport, access: 'investor', sample: { body: { csv: 'Company' } } },
  { endpoint: trackRecordContracts.importTrackRecord, access: 'investor' },
  // Any signed-in user: founders read it on the investor's public profile.
  { endpoint: trackRecordContracts.getInvestorTrackRecord, access: 'user' },
  { endpoint: notificationPreferenceContracts.getNotificationPreferences, access: 'user' },
  { endpoint: notificationPreferenceContracts.updateNotificationPreferences, access: 'user', sample: { body: { digest: 'daily' } } },
  // Public: an email's one-click link carries a signed token instead of a session.
  { endpoint: notificationPreferenceContracts.unsubscribe, access: 'public' },
  { endpoint: intakeContracts.getIntakeSettings, access: 'user' },
  { endpoint: intakeContracts.updateIntakeSettings, access: 'user', sample: { body: {} } },
];

const isEndpoint = (value: unknown): value is Endpoint => typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
const allContracts: Endpoint[] = [
  authContracts,
  accountContracts,
  profileContracts,
  activityContracts,
  dashboardContracts,
  matchContracts,
  documentContracts,
  documentInsightContracts,
  ndaContracts,
  secureLinkContracts,
  messageContracts,
  eventContracts,
  milestoneContracts,
  notificationContracts,
  notificationPreferenceContracts,
  portfolioContracts,
  blockContracts,
  reportContracts,
  searchContracts,
  discoveryContracts,
  intakeContracts,
  trackRecordContracts,
].flatMap((module) => (Object.values(module) as unknown[]).filter(isEndpoint));

const suite = useTestSuite();

const urlFor = (endpoint: Endpoint, params: Record<string, string> = {}) => endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '1');

describe('authorization matrix', () => {
  it('lists every contract exactly once', () => {
    // By path, then method: two methods share a path (PATCH and DELETE /api/documents/:id).
    const byRoute = (a: Endpoint, b: Endpoint) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method);
    expect(ROUTE_ACCESS.map((row) => row.endpoint).sort(byRoute)).toEqual([...allContracts].sort(byRoute));
  });

  it.each(ROUTE_ACCESS.filter((row) => row.access !== 'public').map((row) => [`${row.endpoint.method} ${row.endpoint.path}`, row] as const))(
    '%s answers 401 without a session',
    async (_name, row) => {
      const response = await suite.app.inject({
        method: row.endpoint.method,
        url: urlFor(row.endpoint, row.sample?.params),
        payload: row.sample?.body as object | undefined,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'You are not signed in.' });
    },
  );

  const roleRows = ROUTE_ACCESS.filter((row) => row.access === 'startup' || row.access === 'investor');
  it.each(roleRows.map((row) => [`${row.endpoint.method} ${row.endpoint.path}`, row] as const))('%s answers 403 to the other role', async (_name, row) => {
    const other = new TestClient(suite.app, '192.0.2.150');
    await other.register(row.access === 'startup' ? 'investor' : 'startup');
    const response = await other.request({
      method: row.endpoint.method,
      url: urlFor(row.endpoint, row.sample?.params),
      payload: row.sample?.body as object | undefined,
    });
    expect(response.statusCode).toBe(403);
  });

  // The mechanism itself, on a fixture route: the denial is logged and the body stays strict.
  it('a role-only route answers 403 to the other role and logs the denial', async () => {
    const fixtureApp = await buildApp({ env: loadEnv({ NODE_ENV: 'test' }), database: suite.database, clientDir: null, logger: false });
    const startupOnly = defineEndpoint({
      method: 'POST',
      path: '/api/fixture/startup-only',
      body: z.strictObject({ note: z.string() }),
      response: z.object({ ok: z.boolean() }),
    });
    defineRoute(fixtureApp, startupOnly, 'startup', async () => ({ ok: true }));
    await fixtureApp.ready();
    try {
      const investor = new TestClient(fixtureApp, '192.0.2.201');
      const { user } = await investor.register('investor');
      const denied = await investor.request({ method: 'POST', url: startupOnly.path, payload: { note: 'hi' } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: 'Only startup accounts can do that.' });
      const events = await suite.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
      expect(events.map((event) => event.eventType)).toContain('authorization_denied');

      const startup = new TestClient(fixtureApp, '192.0.2.202');
      await startup.register('startup');
      expect((await startup.request({ method: 'POST', url: startupOnly.path, payload: { note: 'hi' } })).statusCode).toBe(200);
      // The acting user comes from the session: a body cannot smuggle in fields the contract lacks.
      expect((await startup.request({ method: 'POST', url: startupOnly.path, payload: { note: 'hi', userId: 1 } })).statusCode).toBe(400);
    } finally {
      await fixtureApp.close();
    }
  });
});
