// The product's emails, written once as structured content (a heading, paragraphs, one action
// link) and rendered from it into both parts, so the plain-text and HTML versions never say
// different things. Every interpolated value is user input or a secret-bearing URL: the HTML part
// escapes all of it, and links are built here from the app's origin, never passed in by callers.
import type { EmailTemplate, RenderedEmail } from './mail-types';

const PRODUCT = 'VentureMatch';

interface EmailContent {
  subject: string;
  heading: string;
  /** Paragraphs before the action link. */
  intro: string[];
  action?: { text: string; url: string };
  /** Paragraphs after the action link. */
  outro: string[];
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

/** `${origin}${path}` with query values encoded; a stray trailing slash or path on the origin is ignored. */
function appLink(origin: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** Names are free text; an empty one still reads as a greeting. */
function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed === '' ? 'Hello,' : `Hello ${trimmed},`;
}

function contentOf(template: EmailTemplate, origin: string): EmailContent {
  switch (template.kind) {
    case 'password-reset':
      return {
        subject: `Reset your ${PRODUCT} password`,
        heading: 'Reset your password',
        intro: [greeting(template.name), `Someone asked to reset the password of your ${PRODUCT} account. If it was you, choose a new password here:`],
        action: { text: 'Choose a new password', url: appLink(origin, '/reset-password', { token: template.token }) },
        outro: [
          `The link is valid for ${template.validMinutes} minutes and can be used once.`,
          'If you did not ask, ignore this email: your password stays as it is.',
        ],
      };
    case 'password-changed':
      return {
        subject: `Your ${PRODUCT} password was changed`,
        heading: 'Your password was changed',
        intro: [
          greeting(template.name),
          `The password of your ${PRODUCT} account was just changed, and your other sessions were signed out. If this was you, there is nothing more to do.`,
          'If this was not you, reset your password now:',
        ],
        // Opens the sign-in screen's "Forgot password?" form directly (issue #17's client).
        action: { text: 'Reset your password', url: appLink(origin, '/auth', { view: 'forgot' }) },
        outro: [],
      };
    case 'verify-email':
      return {
        subject: `Confirm your email address for ${PRODUCT}`,
        heading: 'Confirm your email address',
        intro: [greeting(template.name), `Please confirm that ${template.to} is the address of your ${PRODUCT} account:`],
        action: { text: 'Confirm my email address', url: appLink(origin, '/verify-email', { token: template.token }) },
        outro: [`If you did not sign up for ${PRODUCT} or change your address, ignore this email.`],
      };
    case 'email-changed':
      return {
        subject: `Your ${PRODUCT} email address was changed`,
        heading: 'Your email address was changed',
        intro: [
          greeting(template.name),
          `The email address of your ${PRODUCT} account was changed from this address to ${template.newEmail}, and the new address has been confirmed. Emails about your account now go there.`,
          'If this was not you, sign in now, change the address back in Settings and choose a new password:',
        ],
        action: { text: `Sign in to ${PRODUCT}`, url: appLink(origin, '/auth') },
        outro: [],
      };
  }
}

const SIGNATURE = `The ${PRODUCT} team`;

function renderText(content: EmailContent): string {
  const blocks = [...content.intro];
  if (content.action) blocks.push(`${content.action.text}:\n${content.action.url}`);
  blocks.push(...content.outro, `-- \n${SIGNATURE}`);
  return `${blocks.join('\n\n')}\n`;
}

// Inline styles only: many mail clients drop <style> blocks. One column, system fonts, a link
// with visible text and the raw address below it for clients that strip links.
function renderHtml(content: EmailContent): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const action = content.action
    ? [
        `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(content.action.text)}</a></p>`,
        `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">If the link does not open, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`,
      ]
    : [];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#111827;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5">',
    '<main style="max-width:560px;margin:0 auto">',
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`,
    ...content.intro.map(paragraph),
    ...action,
    ...content.outro.map(paragraph),
    `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(SIGNATURE)}</p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** One email, both parts, with links on `origin` (the app's public origin: see publicOrigin in http/origin-check.ts). */
export function renderEmail(template: EmailTemplate, origin: string): RenderedEmail {
  const content = contentOf(template, origin);
  return { to: template.to, subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
