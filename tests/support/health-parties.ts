// Registered users with saved profiles that fit each other (a HealthTech seed startup and investors
// who back exactly that), so a generation run reliably matches them. For suites that need parties
// who can be matched, connected, blocked or notified without caring how the score comes out.
import { expect } from 'vitest';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import type { TestClient } from './test-app';

export const HEALTH_STARTUP = { industry: 'HealthTech', stage: 'Seed', fundingGoal: 1_000_000, description: 'Remote patient monitoring for clinics.' };
export const HEALTH_INVESTOR = { industryFocus: ['HealthTech'], stagePreference: ['Seed'], investmentRange: ['$1M - $3M'] };

export interface Party {
  client: TestClient;
  user: Awaited<ReturnType<TestClient['register']>>['user'];
}

/** Party makers bound to the suite's client factory (each client has its own address). */
export function healthParties(newClient: () => TestClient) {
  return {
    async startupWithProfile(companyName: string): Promise<Party> {
      const client = newClient();
      const { user } = await client.register('startup');
      const saved = await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName, ...HEALTH_STARTUP }) });
      expect(saved.statusCode, saved.body).toBe(200);
      return { client, user };
    },
    async investorWithProfile(firmName: string): Promise<Party> {
      const client = newClient();
      const { user } = await client.register('investor');
      const saved = await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName, ...HEALTH_INVESTOR }) });
      expect(saved.statusCode, saved.body).toBe(200);
      return { client, user };
    },
  };
}
