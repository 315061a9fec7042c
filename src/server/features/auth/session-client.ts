// What a session remembers about the browser that opened it, for its owner's sessions list
// (docs/decisions/0038): the User-Agent, cut to a bounded length, and the client address with its
// last part hidden. The full address is never stored with the session: the list only has to let a
// person tell "my phone at home" from "somewhere I have never been". Pure functions, no database.
import { isIPv4, isIPv6 } from 'node:net';
import UAParser from 'ua-parser-js';

/** A User-Agent longer than this is cut: it is only ever shown, and a client could send kilobytes. */
export const MAX_USER_AGENT_LENGTH = 512;

/** The browser as the session row keeps it: its User-Agent and its masked address. */
export interface SessionClient {
  userAgent: string | null;
  ipApprox: string | null;
}

/**
 * The address with the part that names one household or device hidden: IPv4 keeps its first three
 * octets (203.0.113.x), IPv6 its first three groups (the /48 a provider assigns to a site). An
 * IPv4 address written as IPv6 (::ffff:203.0.113.7, as dual-stack sockets report it) is IPv4.
 */
export function maskIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.x`;
  if (isIPv6(address)) return `${expandIpv6(address).slice(0, 3).join(':')}:x:x:x:x:x`;
  return null;
}

/** The eight groups of an IPv6 address, `::` expanded, leading zeros dropped; a zone id is ignored. */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const missing = Math.max(0, 8 - left.length - right.length);
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => (/^[0-9a-f]+$/i.test(group) ? parseInt(group, 16).toString(16) : group));
}

export function sessionClient(input: { userAgent?: string | null; ip?: string | null }): SessionClient {
  const userAgent = input.userAgent?.trim() ? input.userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null;
  return { userAgent, ipApprox: maskIp(input.ip) };
}

/** "Firefox 128" and "macOS 14.5" from a User-Agent; "Unknown browser" / "Unknown OS" when it says nothing usable. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown OS' };
  const parser = new UAParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ');
  return {
    browser: browser.name ? join(browser.name, browser.major) : 'Unknown browser',
    os: os.name ? join(os.name, os.version) : 'Unknown OS',
  };
}
