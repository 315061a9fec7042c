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
  /** Headed lists after the intro (the digest's sections). */
  lists?: Array<{ heading: string; items: string[] }>;
  /** Small print after the signature: why this email came, and the unsubscribe link. */
  footer?: Array<{ text: string; link?: { text: string; url: string } }>;
  /** The one-click unsubscribe URL (RFC 8058) for the List-Unsubscribe header. */
  unsubscribeUrl?: string;
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

/** The API URL a mail client POSTs to unsubscribe in one click (the List-Unsubscribe header). */
export function unsubscribeApiUrl(origin: string, token: string): string {
  return appLink(origin, '/api/notifications/unsubscribe', { token });
}

/** A notification email's small print and one-click URL, from the recipient's token for its type. */
function unsubscribeParts(origin: string, token: string, what: string): Pick<EmailContent, 'footer' | 'unsubscribeUrl'> {
  return {
    footer: [
      { text: `You get this email because ${what} is on in your ${PRODUCT} notification settings.` },
      { text: 'Stop these emails:', link: { text: 'Unsubscribe', url: appLink(origin, '/unsubscribe', { token }) } },
      { text: 'Choose which emails you get:', link: { text: 'Notification settings', url: appLink(origin, '/settings') } },
    ],
    unsubscribeUrl: unsubscribeApiUrl(origin, token),
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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
    case 'secure-link-code':
      // No link back: the visitor types the code on the page they are on, and the link's token is
      // stored only as a hash, so no email could carry it anyway.
      return {
        subject: `${template.code} is your code for ${template.companyName}'s documents`,
        heading: 'Your verification code',
        intro: [
          'Hello,',
          `You asked to open "${template.linkName}", documents ${template.companyName} shares through ${PRODUCT}. Type this code on that page:`,
          template.code,
        ],
        outro: [
          `The code is valid for ${template.validMinutes} minutes. Do not share it: it proves that you read this address.`,
          'If you did not ask for it, ignore this email.',
        ],
      };
    case 'notification':
      return {
        subject: template.sentence,
        heading: template.sentence,
        intro: [greeting(template.name), `${template.sentence}.`],
        action: { text: `Open in ${PRODUCT}`, url: appLink(origin, template.path) },
        outro: [],
        ...unsubscribeParts(origin, template.unsubscribeToken, 'email for this kind of notification'),
      };
    case 'unread-messages': {
      // The sender and the count only: a message's text never leaves the app by email.
      const sentence = `${template.senderName} sent you ${template.count === 1 ? 'a message' : plural(template.count, 'message', 'messages')}`;
      return {
        subject: sentence,
        heading: sentence,
        intro: [greeting(template.name), `${sentence} on ${PRODUCT}, still unread.`],
        action: { text: 'Read the conversation', url: appLink(origin, template.path) },
        outro: [],
        ...unsubscribeParts(origin, template.unsubscribeToken, 'email for unread messages'),
      };
    }
    case 'digest': {
      const { content } = template;
      const lists: EmailContent['lists'] = [];
      if (content.unreadCount > 0) {
        lists.push({ heading: `${plural(content.unreadCount, 'unread notification', 'unread notifications')}`, items: content.unread });
      }
      if (content.matches.length > 0) {
        lists.push({
          heading: 'New matches',
          items: content.matches.map((match) => `${match.name}: ${match.score}${match.reason ? ` (${match.reason})` : ''}`),
        });
      }
      if (content.documentOpens.length > 0) {
        lists.push({ heading: 'Document opens', items: content.documentOpens.map((open) => `${open.name}: opened ${plural(open.opens, 'time', 'times')}`) });
      }
      if (content.milestones.length > 0) {
        lists.push({
          heading: 'Milestones due in the next 7 days',
          items: content.milestones.map((milestone) => `${milestone.title} with ${milestone.partner}: ${milestone.date}`),
        });
      }
      return {
        subject: `Your ${PRODUCT} ${template.frequency} digest`,
        heading: `Your ${template.frequency} digest`,
        intro: [greeting(template.name), `Here is what happened on ${PRODUCT} since your last digest.`],
        lists,
        action: { text: `Open ${PRODUCT}`, url: appLink(origin, content.paths.notifications) },
        outro: [],
        ...unsubscribeParts(origin, template.unsubscribeToken, `the ${template.frequency} digest`),
      };
    }
  }
}

const SIGNATURE = `The ${PRODUCT} team`;

function renderText(content: EmailContent): string {
  const blocks = [...content.intro];
  for (const list of content.lists ?? []) blocks.push([`${list.heading}:`, ...list.items.map((item) => `- ${item}`)].join('\n'));
  if (content.action) blocks.push(`${content.action.text}:\n${content.action.url}`);
  blocks.push(...content.outro, `-- \n${SIGNATURE}`);
  for (const line of content.footer ?? []) blocks.push(line.link ? `${line.text}\n${line.link.url}` : line.text);
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
    ...(content.lists ?? []).flatMap((list) => [
      `<h2 style="font-size:17px;margin:16px 0 8px">${escapeHtml(list.heading)}</h2>`,
      `<ul style="margin:0 0 16px;padding-left:20px">${list.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    ]),
    ...action,
    ...content.outro.map(paragraph),
    `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(SIGNATURE)}</p>`,
    ...(content.footer ?? []).map(
      (line) =>
        `<p style="margin:8px 0 0;font-size:12px;color:#4b5563">${escapeHtml(line.text)}${
          line.link ? ` <a href="${escapeHtml(line.link.url)}" style="color:#1d4ed8">${escapeHtml(line.link.text)}</a>` : ''
        }</p>`,
    ),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** One email, both parts, with links on `origin` (the app's public origin: see publicOrigin in http/origin-check.ts). */
export function renderEmail(template: EmailTemplate, origin: string): RenderedEmail {
  const content = contentOf(template, origin);
  const rendered: RenderedEmail = { to: template.to, subject: content.subject, text: renderText(content), html: renderHtml(content) };
  if (content.unsubscribeUrl) {
    // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to this URL, no session needed.
    rendered.headers = { 'List-Unsubscribe': `<${content.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  return rendered;
}
